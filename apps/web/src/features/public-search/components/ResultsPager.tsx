import { Pagination } from 'antd';

/** The pager under both public result lists: pages of at most 100, newest first. */
export function ResultsPager({
  pageNum,
  pageSize,
  total,
  onPage,
}: {
  pageNum: number;
  pageSize: number;
  total: number;
  onPage: (pageNum: number, pageSize: number) => void;
}) {
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
      showTotal={(count) => `共 ${count} 条`}
      onChange={onPage}
    />
  );
}
