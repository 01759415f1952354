import type { MenuBadges } from '@/layout/sidebar/menu-items';
import { BondMenuBadge } from '@/features/bond/components/BondMenuBadge';

/** The counts features show beside their menu entries, by the entry's path. */
export const menuBadges: MenuBadges = {
  '/bond': BondMenuBadge,
};
