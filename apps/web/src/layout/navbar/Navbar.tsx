import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useStore } from '@/lib/create-store';
import { appStore, toggleSidebar } from '@/stores/app';
import { Breadcrumbs } from './Breadcrumbs';
import { HeaderSearch } from './HeaderSearch';
import { ErrorLogButton } from './ErrorLogButton';
import { FullscreenButton } from './FullscreenButton';
import { SizeSelect } from './SizeSelect';
import { UserDropdown } from './UserDropdown';
import { NotificationBell } from './NotificationBell';

export function Navbar() {
  const opened = useStore(appStore, (s) => s.sidebarOpened);
  const mobile = useStore(appStore, (s) => s.device === 'mobile');
  const Hamburger = opened ? MenuFoldOutlined : MenuUnfoldOutlined;

  return (
    <div className="app-navbar">
      <Hamburger
        className="navbar-icon hamburger"
        aria-label={opened ? '收起侧边栏' : '展开侧边栏'}
        data-testid="hamburger"
        onClick={toggleSidebar}
      />
      <Breadcrumbs />
      <div className="navbar-right">
        {!mobile && (
          <>
            <HeaderSearch />
            <ErrorLogButton />
            <FullscreenButton />
            <SizeSelect />
          </>
        )}
        <NotificationBell />
        <UserDropdown />
      </div>
    </div>
  );
}
