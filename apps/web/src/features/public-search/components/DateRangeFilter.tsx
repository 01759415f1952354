import { lazy, Suspense, useState } from 'react';
import Input from 'antd/es/input/Input';
import { CalendarOutlined } from '@ant-design/icons';
import type { PublicSearch } from '../search-params';

// The range picker and its calendar are the heaviest part of the filters (about 30 KB): they
// load when someone first reaches for them, or at once when the address already holds a range.
const PublishedRangePicker = lazy(() => import('./PublishedRangePicker'));

interface Props {
  search: PublicSearch;
  onChange: (change: Partial<PublicSearch>) => void;
}

/** The publication date range: a plain field until it is first used, then the real picker. */
export function DateRangeFilter({ search, onChange }: Props) {
  const [reached, setReached] = useState(false);
  const reach = () => setReached(true);
  const field = (
    <Input
      readOnly
      aria-label="发布日期范围"
      placeholder="发布开始 → 发布结束"
      suffix={<CalendarOutlined className="public-range-icon" />}
      onFocus={reach}
      onClick={reach}
    />
  );
  if (!reached && !search.from) return field;
  return (
    <Suspense fallback={field}>
      <PublishedRangePicker search={search} onChange={onChange} openAtOnce={reached} />
    </Suspense>
  );
}
