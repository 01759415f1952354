import type { Key, ReactNode } from 'react';
import { Empty, Table, type TableProps } from 'antd';
import { usePinnedColumns } from '@/hooks/use-pinned-columns';
import { LoadError } from './LoadError';
import { PagedCards } from './PagedCards';
import './paged-table.css';

/** What the table needs of a list query: one page of rows and the total (maybe a lower bound). */
export interface PageQuery<T> {
  data?: { list: T[]; total: number; totalIsMinimum?: boolean };
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

type PagedTableProps<T> = Omit<
  TableProps<T>,
  'dataSource' | 'loading' | 'locale' | 'pagination'
> & {
  rows: PageQuery<T>;
  page: { pageNum: number; pageSize: number };
  onPageChange: (pageNum: number, pageSize: number) => void;
  /** What the empty table says when nothing matches the filters. */
  empty: string;
  /** The counted word after the total: 共 12 条, 共 5 个角色. */
  unit?: string;
  /** On a phone, one card a row instead (a list too wide to read scrolling sideways). */
  cards?: { label: string; render: (row: T) => ReactNode };
};

/**
 * One page of a list screen: the load error with a retry above the table, the rows, and the
 * pager; the page number and size live in the URL with the filters.
 *
 * Where columns are pinned (md and up) the table is as wide as its box, its cells wrapping to
 * fit (`x: true`, automatic layout), and scrolls sideways only when even wrapped they cannot:
 * with every cell's one-line width (`max-content`) the last columns slid under the pinned 操作
 * at 1440 px. On a phone nothing is pinned and rows keep one line, scrolling sideways.
 * Text that cannot wrap (a hash, a path, an address) is cut with its whole on hover: ClippedText.
 * Given `cards`, a phone shows the rows as cards (PagedCards) with the same page and pager.
 */
export function PagedTable<T extends object>({
  rows,
  page,
  onPageChange,
  empty,
  unit = '条',
  className,
  cards,
  ...table
}: PagedTableProps<T>) {
  const fitToBox = usePinnedColumns();
  if (cards && !fitToBox) {
    const { rowKey } = table;
    const keyOf = (row: T): Key =>
      typeof rowKey === 'function' ? rowKey(row) : (row[(rowKey ?? 'key') as keyof T] as Key);
    return (
      <PagedCards<T>
        rows={rows}
        page={page}
        onPageChange={onPageChange}
        empty={empty}
        label={cards.label}
        rowKey={keyOf}
        renderCard={cards.render}
      />
    );
  }
  return (
    <>
      {rows.isError && <LoadError error={rows.error} onRetry={() => rows.refetch()} />}
      <Table<T>
        scroll={{ x: fitToBox ? true : 'max-content' }}
        tableLayout="auto"
        {...table}
        className={className ? `paged-table ${className}` : 'paged-table'}
        dataSource={rows.data?.list}
        loading={rows.isFetching}
        locale={{ emptyText: <Empty description={rows.isError ? '加载失败' : empty} /> }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: rows.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `${rows.data?.totalIsMinimum ? '至少' : '共'} ${total} ${unit}`,
          onChange: onPageChange,
        }}
      />
    </>
  );
}
