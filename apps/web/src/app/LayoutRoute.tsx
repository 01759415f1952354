import AppLayout from '@/layout/AppLayout';
import { layoutRoutes } from './route-table';

const affixRoutes = layoutRoutes.filter((route) => route.meta.affix);

/** The signed-in frame, given the tabs that cannot be closed from the route table. */
export default function LayoutRoute() {
  return <AppLayout affixRoutes={affixRoutes} />;
}
