import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { Layout } from 'antd';
import { useStore } from '@/lib/create-store';
import { ensureServerClock } from '@/lib/server-clock';
import { appStore, closeSidebar } from '@/stores/app';
import { settingsStore } from '@/stores/settings';
import { Sidebar } from './sidebar/Sidebar';
import type { MenuBadges } from './sidebar/menu-items';
import { Navbar } from './navbar/Navbar';
import { TagsView } from './tags-view/TagsView';
import type { AffixRoute } from './tags-view/use-track-views';
import { AppMain } from './main/AppMain';
import { SettingsHandle } from './settings/SettingsHandle';
import { useDeviceWatcher } from './use-device';
import './layout.css';

// Only a phone draws the menu in a drawer: a desktop never loads it.
const Drawer = lazy(() => import('antd/es/drawer'));

export const SIDEBAR_WIDTH = 170;
const SIDEBAR_COLLAPSED_WIDTH = 54;

/**
 * Sidebar, top bar, tab strip and the screen: the frame of every signed-in page. app/ hands it
 * the routes whose tabs stay open and the features' menu badges, so the shell needs no route
 * table of its own.
 */
export default function AppLayout({
  affixRoutes,
  menuBadges,
}: {
  affixRoutes: readonly AffixRoute[];
  menuBadges?: MenuBadges;
}) {
  useDeviceWatcher();
  const { sidebarOpened, sidebarWithoutAnimation, device } = useStore(appStore);
  const { tagsView, fixedHeader } = useStore(settingsStore);
  const { pathname } = useLocation();
  const mobile = device === 'mobile';

  useEffect(() => {
    if (mobile && appStore.get().sidebarOpened) closeSidebar(false);
  }, [pathname, mobile]);

  // Every screen reads the server's clock (a dialog's default date, the days it disables), not
  // only those with a countdown: the frame learns it on load and again when a screen opens
  // after it grew old (RESYNC_MS).
  useEffect(() => void ensureServerClock(), [pathname]);

  return (
    <Layout className={`app-layout ${mobile ? 'mobile' : 'desktop'}`} hasSider>
      {mobile ? (
        <Suspense fallback={null}>
          <Drawer
            placement="left"
            open={sidebarOpened}
            size={SIDEBAR_WIDTH}
            closable={false}
            onClose={() => closeSidebar(false)}
            className="app-sidebar-drawer"
            styles={{ body: { padding: 0 } }}
          >
            <Sidebar collapsed={false} badges={menuBadges} />
          </Drawer>
        </Suspense>
      ) : (
        <Layout.Sider
          className={sidebarWithoutAnimation ? 'app-sider no-animation' : 'app-sider'}
          width={SIDEBAR_WIDTH}
          collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
          collapsed={!sidebarOpened}
          trigger={null}
          theme="dark"
          data-testid="sidebar"
        >
          <Sidebar collapsed={!sidebarOpened} badges={menuBadges} />
        </Layout.Sider>
      )}
      <Layout className="app-body">
        <div className={fixedHeader ? 'app-header fixed' : 'app-header'}>
          <Navbar />
          {tagsView && <TagsView affixRoutes={affixRoutes} />}
        </div>
        <Layout.Content className="app-content">
          <AppMain />
        </Layout.Content>
      </Layout>
      <SettingsHandle />
    </Layout>
  );
}
