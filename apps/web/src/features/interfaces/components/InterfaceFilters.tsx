import { useEffect } from 'react';
import { Form, Input, Select } from 'antd';
import { PowerTreeSelect } from '@/components/PowerTreeSelect';
import { FilterBar } from '@/components/FilterBar';
import { HTTP_METHODS, type HttpMethod } from '@/components/method-tag';

export interface InterfaceFilterValues {
  keyword?: string;
  powerId?: number;
  method?: HttpMethod;
}

/** The filter card above the interface table; the values live in the URL. */
export function InterfaceFilters({
  values,
  onSearch,
}: {
  values: InterfaceFilterValues;
  onSearch: (values: InterfaceFilterValues) => void;
}) {
  const [form] = Form.useForm<InterfaceFilterValues>();
  const { keyword, powerId, method } = values;

  useEffect(() => {
    form.setFieldsValue({ keyword, powerId, method });
  }, [form, keyword, powerId, method]);

  return (
    <FilterBar
      form={form}
      name="interface-filters"
      label="接口筛选"
      buttons={{ sm: 12, lg: 4 }}
      onSearch={onSearch}
      onReset={() => onSearch({})}
      fields={[
        {
          name: 'keyword',
          label: '关键字',
          lg: 8,
          control: <Input placeholder="名称或路径" allowClear />,
        },
        {
          name: 'powerId',
          label: '权限',
          lg: 8,
          control: <PowerTreeSelect placeholder="全部权限" />,
        },
        {
          name: 'method',
          label: '方法',
          lg: 4,
          control: (
            <Select
              placeholder="全部"
              allowClear
              options={HTTP_METHODS.map((m) => ({ value: m, label: m }))}
            />
          ),
        },
      ]}
    />
  );
}
