import { Input, Select } from 'antd';
import type { bondApi } from '@tender/contracts';
import { UrlFilterBar } from '@/components/FilterBar';
import { BOND_STATUS_OPTIONS } from './BondStatusTag';

export interface BondFilterValues {
  keyword?: string;
  status?: bondApi.BondStatus;
  overdue?: boolean;
}

/** Only `true` narrows the ledger; cleared, every bond shows. */
const OVERDUE_OPTIONS = [{ value: true, label: '只看逾期未退' }];

/** The filter card above the ledger; the values live in the URL, this form mirrors them. */
export function BondFilters({
  values,
  onSearch,
}: {
  values: BondFilterValues;
  onSearch: (values: BondFilterValues) => void;
}) {
  return (
    <UrlFilterBar<BondFilterValues>
      values={values}
      onSearch={onSearch}
      name="bond-filters"
      label="保证金筛选"
      buttons={{ lg: 6 }}
      fields={[
        {
          name: 'keyword',
          label: '招标项目',
          lg: 6,
          control: <Input placeholder="项目名称、编号或投标人" allowClear />,
        },
        {
          name: 'status',
          label: '状态',
          lg: 6,
          control: <Select placeholder="全部状态" allowClear options={BOND_STATUS_OPTIONS} />,
        },
        {
          name: 'overdue',
          label: '逾期',
          lg: 6,
          control: <Select placeholder="全部" allowClear options={OVERDUE_OPTIONS} />,
        },
      ]}
    />
  );
}
