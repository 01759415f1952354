import { Pagination } from 'antd';

/** The pager under both public result lists: pages of at most 100, newest first. */
export function ResultsPager({
  pageNum,
  pageSize,
  page,
  onPage,
}: {
  pageNum: number;
  pageSize: number;
  /**
   * The current page's answer; until the first one is in, no pager (drawn under an empty list it
   * would jump down). `totalIsMinimum`: the server stopped counting, `total` is a lower bound.
   */
  page: { total: number; totalIsMinimum?: boolean } | undefined;
  onPage: (pageNum: number, pageSize: number) => void;
}) {
  if (!page) return null;
  const { total, totalIsMinimum = false } = page;
  return (
    <Pagination
      className="public-pagination"
      style={{ marginTop: 16 }}
      align="end"
      current={pageNum}
      pageSize={Math.min(pageSize, 100)}
      pageSizeOptions={[10, 20, 50, 100]}
      total={total}
      showSizeChanger
      showTotal={(count) => (totalIsMinimum ? `至少 ${count} 条` : `共 ${count} 条`)}
      onChange={onPage}
    />
  );
}
