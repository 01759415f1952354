import { useEffect } from 'react';
import { Form, Input, Select } from 'antd';
import { FilterBar } from '@/components/FilterBar';
import { useDict } from '@/hooks/use-dict';
import { EXPERT_STATUS_OPTIONS } from './ExpertStatusTag';

export interface ExpertFilterValues {
  keyword?: string;
  specialty?: string;
  status?: 'active' | 'suspended';
}

/** The filter card above the expert pool; the values live in the URL, this form mirrors them. */
export function ExpertFilters({
  values,
  onSearch,
}: {
  values: ExpertFilterValues;
  onSearch: (values: ExpertFilterValues) => void;
}) {
  const [form] = Form.useForm<ExpertFilterValues>();
  const specialties = useDict('tender_category');
  const { keyword, specialty, status } = values;

  useEffect(() => {
    form.setFieldsValue({ keyword, specialty, status });
  }, [form, keyword, specialty, status]);

  return (
    <FilterBar
      form={form}
      name="expert-filters"
      label="专家筛选"
      buttons={{ lg: 6 }}
      onSearch={onSearch}
      onReset={() => onSearch({})}
      fields={[
        {
          name: 'keyword',
          label: '关键词',
          lg: 6,
          control: <Input placeholder="姓名、工作单位或职称" allowClear />,
        },
        {
          name: 'specialty',
          label: '评标专业',
          lg: 6,
          control: (
            <Select
              placeholder="全部专业"
              allowClear
              loading={specialties.isLoading}
              options={specialties.options}
              showSearch={{ optionFilterProp: 'label' }}
            />
          ),
        },
        {
          name: 'status',
          label: '状态',
          lg: 6,
          control: <Select placeholder="全部状态" allowClear options={EXPERT_STATUS_OPTIONS} />,
        },
      ]}
    />
  );
}
