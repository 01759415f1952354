import type { ComponentType, ReactNode } from 'react';
import type { MenuProps } from 'antd';
import type { MenuEntry } from '@tender/contracts';
import { MenuIcon } from '@/lib/menu-icons';

type MenuItem = Required<MenuProps>['items'][number];

/**
 * A feature's count beside its menu entry (overdue bonds on 保证金管理), keyed by the entry's
 * path. app/ supplies them, so the shell knows no feature; an entry is drawn, and its badge
 * mounted, only for users whose menu holds it. `dot`: the entry's group is shown closed.
 */
export type MenuBadges = Readonly<Record<string, ComponentType<{ dot?: boolean }>>>;

const visible = (entries: MenuEntry[]) => entries.filter((entry) => !entry.hidden);

function labelled(title: string, badges: ReactNode) {
  if (!badges) return title;
  return (
    <span className="menu-label">
      <span className="menu-label-text">{title}</span>
      {badges}
    </span>
  );
}

function badgesOf(paths: string[], badges: MenuBadges, dot: boolean): ReactNode {
  const shown = paths.filter((path) => badges[path]);
  if (shown.length === 0) return null;
  return shown.map((path) => {
    const Badge = badges[path]!;
    return <Badge key={path} dot={dot} />;
  });
}

/**
 * The sidebar's items from the server's menu: groups become sub-menus of their visible
 * screens; a group with a single visible screen shows as that screen alone.
 */
export function buildMenuItems(menuList: MenuEntry[], badges: MenuBadges = {}): MenuItem[] {
  return visible(menuList).flatMap((group): MenuItem[] => {
    const screens = visible(group.subList);
    const [only] = screens;
    if (!only) return [];
    if (screens.length === 1) {
      return [
        {
          key: only.powerUrl,
          icon: <MenuIcon name={only.icon ?? group.icon} />,
          label: labelled(only.title, badgesOf([only.powerUrl], badges, false)),
        },
      ];
    }
    return [
      {
        key: group.powerUrl,
        icon: <MenuIcon name={group.icon} />,
        label: labelled(
          group.title,
          badgesOf(
            screens.map((screen) => screen.powerUrl),
            badges,
            true,
          ),
        ),
        children: screens.map((screen) => ({
          key: screen.powerUrl,
          icon: screen.icon ? <MenuIcon name={screen.icon} /> : undefined,
          label: labelled(screen.title, badgesOf([screen.powerUrl], badges, false)),
        })),
      },
    ];
  });
}
