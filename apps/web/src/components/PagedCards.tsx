import type { Key, ReactNode } from 'react';
import { Card, Empty, Pagination, Spin } from 'antd';
import { LoadError } from './LoadError';
import type { PageQuery } from './PagedTable';
import './paged-cards.css';

/**
 * PagedTable's phone form: one card a row, so a list of many columns reads top to bottom at
 * 390 px instead of scrolling sideways. The same rows, page and pager as the table.
 */
export function PagedCards<T>({
  rows,
  page,
  onPageChange,
  empty,
  label,
  rowKey,
  renderCard,
}: {
  rows: PageQuery<T>;
  page: { pageNum: number; pageSize: number };
  onPageChange: (pageNum: number, pageSize: number) => void;
  empty: string;
  /** The list's accessible name. */
  label: string;
  rowKey: (row: T) => Key;
  renderCard: (row: T) => ReactNode;
}) {
  const list = rows.data?.list ?? [];
  return (
    <Spin spinning={rows.isFetching}>
      {rows.isError && <LoadError error={rows.error} onRetry={() => rows.refetch()} />}
      {list.length ? (
        <ul className="paged-cards" aria-label={label}>
          {list.map((row) => (
            <li key={rowKey(row)}>{renderCard(row)}</li>
          ))}
        </ul>
      ) : (
        <Empty description={rows.isError ? '加载失败' : empty} />
      )}
      <Pagination
        size="small"
        simple
        align="center"
        current={page.pageNum}
        pageSize={page.pageSize}
        total={rows.data?.total ?? 0}
        onChange={onPageChange}
        hideOnSinglePage
      />
    </Spin>
  );
}

/** One row as a card: its title, its facts as label and value, and its actions under them. */
export function FactCard({
  title,
  facts,
  actions,
  danger = false,
}: {
  title: ReactNode;
  facts: { label: string; value: ReactNode }[];
  actions?: ReactNode;
  /** Overdue and the like: the card is edged in red, as its table row is marked. */
  danger?: boolean;
}) {
  return (
    <Card
      size="small"
      className={danger ? 'fact-card fact-card-danger' : 'fact-card'}
      title={title}
    >
      <dl className="fact-card-facts">
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {actions}
    </Card>
  );
}
