import { Badge } from 'antd';
import { useOverdueBondCount } from '../api/overdue-count';

/**
 * The count of overdue bonds on the 保证金管理 menu entry (a dot on its closed group). The
 * sidebar draws it only for users whose menu holds /bond, that is who hold menu:bond.
 */
export function BondMenuBadge({ dot = false }: { dot?: boolean }) {
  const count = useOverdueBondCount(true).data ?? 0;
  if (count === 0) return null;
  return (
    <Badge
      count={count}
      dot={dot}
      size="small"
      title={`${count} 笔保证金逾期未退`}
      className="menu-badge"
    />
  );
}
