import { Link, useLocation, useMatches } from 'react-router';
import { Breadcrumb } from 'antd';
import type { RouteHandle } from '@/lib/route-handle';
import { menuTrail } from '@/lib/menu';
import { useUserMenu } from '@/stores/session';

/** The menu's chain to the open page: 权限管理 / 角色管理; groups are not links. */
export function Breadcrumbs() {
  const { pathname } = useLocation();
  const matches = useMatches();
  const menuList = useUserMenu()?.menuList ?? [];
  const trail = menuTrail(menuList, pathname);
  const fallbackTitle = (matches.at(-1)?.handle as RouteHandle | undefined)?.title;

  const items = trail.length
    ? trail.map((entry, index) => {
        const isGroup = index === 0 && trail.length > 1;
        const isLast = index === trail.length - 1;
        return {
          key: entry.powerUrl,
          title: isGroup || isLast ? entry.title : <Link to={entry.powerUrl}>{entry.title}</Link>,
        };
      })
    : fallbackTitle
      ? [{ key: pathname, title: fallbackTitle }]
      : [];

  return <Breadcrumb className="app-breadcrumb" items={items} />;
}
