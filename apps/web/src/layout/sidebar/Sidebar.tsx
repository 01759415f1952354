import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Menu } from 'antd';
import { useStore } from '@/lib/create-store';
import { activeMenuPath, menuTrail } from '@/lib/menu';
import { useUserMenu } from '@/stores/session';
import { settingsStore } from '@/stores/settings';
import { buildMenuItems, type MenuBadges } from './menu-items';
import { SidebarLogo } from './SidebarLogo';

export function Sidebar({ collapsed, badges }: { collapsed: boolean; badges?: MenuBadges }) {
  const menuList = useUserMenu()?.menuList;
  const showLogo = useStore(settingsStore, (s) => s.sidebarLogo);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const items = useMemo(() => buildMenuItems(menuList ?? [], badges), [menuList, badges]);
  const selected = activeMenuPath(menuList ?? [], pathname);
  const openGroup = menuTrail(menuList ?? [], pathname)[0]?.powerUrl;

  return (
    <div className="app-sidebar">
      {showLogo && <SidebarLogo collapsed={collapsed} />}
      <div className="app-sidebar-menu">
        <Menu
          theme="dark"
          mode="inline"
          inlineIndent={16}
          items={items}
          selectedKeys={[selected]}
          defaultOpenKeys={openGroup ? [openGroup] : []}
          onClick={({ key }) => void navigate(key)}
        />
      </div>
    </div>
  );
}
