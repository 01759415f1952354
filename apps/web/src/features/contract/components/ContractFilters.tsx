import { Input, Select } from 'antd';
import { UrlFilterBar } from '@/components/FilterBar';

export interface ContractFilterValues {
  keyword?: string;
  state?: 'signed' | 'pending';
  overdue?: boolean;
}

const STATE_OPTIONS = [
  { value: 'pending', label: '待签订' },
  { value: 'signed', label: '已签订' },
];
const OVERDUE_OPTIONS = [
  { value: true, label: '已逾期' },
  { value: false, label: '未逾期' },
];

/** The filter card above 合同管理; the values live in the URL, this form mirrors them. */
export function ContractFilters({
  values,
  onSearch,
}: {
  values: ContractFilterValues;
  onSearch: (values: ContractFilterValues) => void;
}) {
  return (
    <UrlFilterBar<ContractFilterValues>
      values={values}
      onSearch={onSearch}
      name="contract-filters"
      label="合同筛选"
      buttons={{ lg: 6 }}
      fields={[
        {
          name: 'keyword',
          label: '关键词',
          lg: 6,
          control: <Input placeholder="招标编号、项目名称或中标人" allowClear />,
        },
        {
          name: 'state',
          label: '合同状态',
          lg: 6,
          control: <Select placeholder="全部" allowClear options={STATE_OPTIONS} />,
        },
        {
          name: 'overdue',
          label: '是否逾期',
          lg: 6,
          control: <Select placeholder="全部" allowClear options={OVERDUE_OPTIONS} />,
        },
      ]}
    />
  );
}
