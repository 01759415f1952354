import { useEffect } from 'react';
import { Form, Input, Select } from 'antd';
import type { bondApi } from '@tender/contracts';
import { FilterBar } from '@/components/FilterBar';
import { BOND_STATUS_OPTIONS } from './BondStatusTag';

export interface BondFilterValues {
  keyword?: string;
  status?: bondApi.BondStatus;
  overdue?: boolean;
}

/** The form's own values: a select holds `overdue` as the text the URL carries. */
type FormValues = Omit<BondFilterValues, 'overdue'> & { overdue?: 'true' };

const OVERDUE_OPTIONS = [{ value: 'true', label: '只看逾期未退' }];

/** The filter card above the ledger; the values live in the URL, this form mirrors them. */
export function BondFilters({
  values,
  onSearch,
}: {
  values: BondFilterValues;
  onSearch: (values: BondFilterValues) => void;
}) {
  const [form] = Form.useForm<FormValues>();
  const { keyword, status, overdue } = values;

  useEffect(() => {
    form.setFieldsValue({ keyword, status, overdue: overdue ? 'true' : undefined });
  }, [form, keyword, status, overdue]);

  return (
    <FilterBar
      form={form}
      name="bond-filters"
      label="保证金筛选"
      buttons={{ lg: 6 }}
      onSearch={(form) => onSearch({ ...form, overdue: form.overdue === 'true' || undefined })}
      onReset={() => onSearch({})}
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
