import { lazy, Suspense } from 'react';
import type { ColumnFilterItem, FilterValue } from 'antd/es/table/interface';
import type { FilterDropdownProps } from 'antd/es/table/hooks/useFilter/FilterDropdown';

/**
 * What Ant Design's table filter hook gets for `./FilterDropdown` in the build (vite.config.ts,
 * `antd-swaps.ts`): its column filter menu imports Tree, Checkbox, Radio, Menu, Dropdown and
 * Empty statically, ≈ 25 KB gzip on every screen with a table, and no screen of ours gives a
 * column `filters`. The hook only draws this component for a column that has them; the real
 * one loads then, and until it has (a moment, once) the column shows its title alone, as the
 * real one lays it out.
 */
const Real = lazy(() => import('antd/es/table/hooks/useFilter/FilterDropdown'));

export default function FilterDropdown(props: FilterDropdownProps) {
  const { prefixCls, tablePrefixCls, children } = props;
  return (
    <Suspense
      fallback={
        <div className={`${prefixCls}-column`}>
          <span className={`${tablePrefixCls}-column-title`}>{children}</span>
        </div>
      }
    >
      <Real {...props} />
    </Suspense>
  );
}

/** Every value of a column's filters, nested ones too (Ant Design's, which the hook also uses). */
export function flattenKeys(filters?: ColumnFilterItem[]): FilterValue {
  let keys: FilterValue = [];
  (filters ?? []).forEach(({ value, children }) => {
    keys.push(value);
    if (children) keys = [...keys, ...flattenKeys(children)];
  });
  return keys;
}
