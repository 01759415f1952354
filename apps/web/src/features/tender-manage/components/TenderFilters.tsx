import { useEffect } from 'react';
import { Form, Input, Select } from 'antd';
import {
  PROCUREMENT_METHOD_OPTIONS,
  type ProcurementMethod,
} from '@tender/contracts/procurement-method';
import { FilterBar } from '@/components/FilterBar';
import { TENDER_STATUS_OPTIONS } from '@/components/TenderStatusTag';
import { useDict } from '@/hooks/use-dict';

export interface TenderFilterValues {
  keyword?: string;
  category?: string;
  status?: string;
  procurementMethod?: ProcurementMethod;
}

/** The filter card above the tender table; the values live in the URL. */
export function TenderFilters({
  values,
  onSearch,
}: {
  values: TenderFilterValues;
  onSearch: (values: TenderFilterValues) => void;
}) {
  const [form] = Form.useForm<TenderFilterValues>();
  const categories = useDict('tender_category');
  const { keyword, category, status, procurementMethod } = values;
  useEffect(() => {
    form.setFieldsValue({ keyword, category, status, procurementMethod });
  }, [form, keyword, category, status, procurementMethod]);

  return (
    <FilterBar
      form={form}
      name="tender-filters"
      label="招标筛选"
      buttons={{ lg: 4 }}
      onSearch={onSearch}
      onReset={() => onSearch({})}
      fields={[
        {
          name: 'keyword',
          label: '关键词',
          lg: 6,
          control: <Input placeholder="编号或标题" allowClear />,
        },
        {
          name: 'category',
          label: '类别',
          lg: 5,
          control: (
            <Select
              placeholder="全部类别"
              allowClear
              options={categories.options}
              loading={categories.isLoading}
            />
          ),
        },
        {
          name: 'status',
          label: '状态',
          lg: 4,
          control: <Select placeholder="全部状态" allowClear options={TENDER_STATUS_OPTIONS} />,
        },
        {
          name: 'procurementMethod',
          label: '方式',
          lg: 5,
          control: (
            <Select placeholder="全部方式" allowClear options={PROCUREMENT_METHOD_OPTIONS} />
          ),
        },
      ]}
    />
  );
}
