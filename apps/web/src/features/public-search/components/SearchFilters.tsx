import { Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { TENDER_STATUS_OPTIONS } from '@/components/TenderStatusTag';
import { useDict } from '@/hooks/use-dict';
import type { PublicSearch } from '../search-params';
import { DateRangeFilter } from './DateRangeFilter';
import { LazySelect } from '@/components/LazySelect';

/** The public never sees drafts. */
const PUBLIC_STATUS_OPTIONS = TENDER_STATUS_OPTIONS.filter((o) => o.value !== 'draft');

function DictSelect({
  typeCode,
  placeholder,
  value,
  onChange,
}: {
  typeCode: string;
  placeholder: string;
  value?: string;
  onChange: (value: string | undefined) => void;
}) {
  const { options, isLoading } = useDict(typeCode);
  return (
    <LazySelect
      allowClear
      style={{ width: '100%' }}
      placeholder={placeholder}
      aria-label={placeholder}
      loading={isLoading}
      options={options}
      value={value}
      onChange={onChange}
      notFoundContent="暂无选项"
    />
  );
}

/** Category, status, region (from the data dictionary) and publication date range. */
export function SearchFilters({
  search,
  onChange,
}: {
  search: PublicSearch;
  onChange: (change: Partial<PublicSearch>) => void;
}) {
  return (
    <div className="public-filters">
      <DictSelect
        typeCode="tender_category"
        placeholder="招标类别"
        value={search.category}
        onChange={(category) => onChange({ category })}
      />
      <LazySelect<string>
        allowClear
        style={{ width: '100%' }}
        placeholder="项目状态"
        aria-label="项目状态"
        options={PUBLIC_STATUS_OPTIONS}
        value={search.status}
        onChange={(status: string | undefined) => onChange({ status })}
      />
      <DictSelect
        typeCode="region"
        placeholder="所在地区"
        value={search.region}
        onChange={(region) => onChange({ region })}
      />
      <div className="public-filter-range">
        <DateRangeFilter search={search} onChange={onChange} />
      </div>
      <Button
        block
        icon={<ReloadOutlined />}
        onClick={() =>
          onChange({
            keyword: '',
            category: undefined,
            status: undefined,
            region: undefined,
            from: undefined,
            to: undefined,
          })
        }
      >
        重置
      </Button>
    </div>
  );
}
