import { useState } from 'react';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { PublicSearch } from '../search-params';

const DATE = 'YYYY-MM-DD';

/** The range picker behind DateRangeFilter; opens at once when it replaces the field clicked. */
export default function PublishedRangePicker({
  search,
  onChange,
  openAtOnce,
}: {
  search: PublicSearch;
  onChange: (change: Partial<PublicSearch>) => void;
  openAtOnce: boolean;
}) {
  const [open, setOpen] = useState(openAtOnce);
  const range: [dayjs.Dayjs, dayjs.Dayjs] | null =
    search.from && search.to ? [dayjs(search.from), dayjs(search.to)] : null;
  return (
    <DatePicker.RangePicker
      style={{ width: '100%' }}
      placeholder={['发布开始', '发布结束']}
      aria-label="发布日期范围"
      autoFocus={openAtOnce}
      open={open}
      onOpenChange={setOpen}
      value={range}
      onChange={(dates) =>
        onChange({ from: dates?.[0]?.format(DATE), to: dates?.[1]?.format(DATE) })
      }
    />
  );
}
