import { useEffect } from 'react';
import { DatePicker, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useAdminOptions } from '@/hooks/use-admin-options';
import { FilterBar } from '@/components/FilterBar';

export interface AuditFilterValues {
  userid?: number;
  action?: string;
  from?: string;
  to?: string;
}

interface AuditFilterForm {
  userid?: number;
  action?: string;
  range?: [Dayjs, Dayjs] | null;
}

/** The filter card above the audit log; dates become a whole-day ISO range in the URL. */
export function AuditFilters({
  values,
  onSearch,
}: {
  values: AuditFilterValues;
  onSearch: (values: AuditFilterValues) => void;
}) {
  const [form] = Form.useForm<AuditFilterForm>();
  const users = useAdminOptions();
  const { userid, action, from, to } = values;

  useEffect(() => {
    form.setFieldsValue({ userid, action, range: from && to ? [dayjs(from), dayjs(to)] : null });
  }, [form, userid, action, from, to]);

  const search = ({ range, ...rest }: AuditFilterForm) =>
    onSearch({
      ...rest,
      from: range?.[0].startOf('day').toISOString(),
      to: range?.[1].endOf('day').toISOString(),
    });

  return (
    <FilterBar
      form={form}
      name="audit-filters"
      label="审计日志筛选"
      buttons={{ lg: 4 }}
      onSearch={search}
      onReset={() => onSearch({})}
      fields={[
        {
          name: 'userid',
          label: '用户',
          lg: 6,
          control: (
            <Select
              placeholder="全部用户"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={users.isLoading}
              options={users.data}
            />
          ),
        },
        {
          name: 'action',
          label: '操作',
          lg: 6,
          control: <Input placeholder="如 修改用户" allowClear />,
        },
        {
          name: 'range',
          label: '日期',
          sm: 24,
          lg: 8,
          control: <DatePicker.RangePicker style={{ width: '100%' }} />,
        },
      ]}
    />
  );
}
