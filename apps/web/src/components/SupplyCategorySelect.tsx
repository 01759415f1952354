import type { SelectProps } from 'antd';
import { useDict } from '@/hooks/use-dict';
import { CATEGORIES_FIELD } from './company-field-specs';
import { LazySelect } from './LazySelect';

type SelectFieldProps = Pick<
  SelectProps<string[] | undefined, { value: string; label: string }>,
  'id' | 'value' | 'onChange' | 'aria-invalid' | 'aria-describedby' | 'aria-required' | 'status'
>;

/**
 * 供货类别 from the tender-category dictionary. Its own component, so the dictionary's arrival
 * re-renders this select alone, not every field of the form around it.
 */
export function SupplyCategorySelect(props: SelectFieldProps) {
  const categories = useDict('tender_category');
  return (
    <LazySelect<string, string[]>
      {...props}
      mode="multiple"
      allowClear
      aria-label="供货类别"
      style={{ width: '100%' }}
      placeholder={CATEGORIES_FIELD.placeholder}
      options={categories.options}
      loading={categories.isLoading}
      optionFilterProp="label"
      maxTagCount="responsive"
    />
  );
}
