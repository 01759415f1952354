import type { MenuProps } from 'antd';
import type { MenuEntry } from '@tender/contracts';
import { MenuIcon } from '@/lib/menu-icons';

type MenuItem = Required<MenuProps>['items'][number];

const visible = (entries: MenuEntry[]) => entries.filter((entry) => !entry.hidden);

/**
 * The sidebar's items from the server's menu: groups become sub-menus of their visible
 * screens; a group with a single visible screen shows as that screen alone.
 */
export function buildMenuItems(menuList: MenuEntry[]): MenuItem[] {
  return visible(menuList).flatMap((group): MenuItem[] => {
    const screens = visible(group.subList);
    const [only] = screens;
    if (!only) return [];
    if (screens.length === 1) {
      return [
        {
          key: only.powerUrl,
          icon: <MenuIcon name={only.icon ?? group.icon} />,
          label: only.title,
        },
      ];
    }
    return [
      {
        key: group.powerUrl,
        icon: <MenuIcon name={group.icon} />,
        label: group.title,
        children: screens.map((screen) => ({
          key: screen.powerUrl,
          icon: screen.icon ? <MenuIcon name={screen.icon} /> : undefined,
          label: screen.title,
        })),
      },
    ];
  });
}
