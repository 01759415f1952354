import AppLayout from '@/layout/AppLayout';
import { menuBadges } from './menu-badges';
import { layoutRoutes } from './route-table';

const affixRoutes = layoutRoutes.filter((route) => route.meta.affix);

/** The signed-in frame, given the tabs that cannot be closed and the menu badges. */
export default function LayoutRoute() {
  return <AppLayout affixRoutes={affixRoutes} menuBadges={menuBadges} />;
}
