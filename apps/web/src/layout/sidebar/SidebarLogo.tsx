import { Link } from 'react-router';
import { ThunderboltFilled } from '@ant-design/icons';
import { useStore } from '@/lib/create-store';
import { systemTitleStore } from '@/lib/system-info';
import { landingPath } from '@/lib/menu';
import { useUserMenu } from '@/stores/session';

export function SidebarLogo({ collapsed }: { collapsed: boolean }) {
  const title = useStore(systemTitleStore);
  const menu = useUserMenu();
  const home = (menu && landingPath(menu)) ?? '/';
  return (
    <Link to={home} className="app-sidebar-logo" title={title}>
      <span className="app-sidebar-logo-mark">
        <ThunderboltFilled />
      </span>
      {!collapsed && <span className="app-sidebar-logo-title">{title}</span>}
    </Link>
  );
}
