import { Empty, Pagination } from 'antd';
import { isFiltered, type NoticeTab, type PublicSearch } from '../search-params';

const EMPTY_TEXT: Record<NoticeTab, string> = {
  tender: '暂无已发布的招标公告',
  award: '暂无中标公告',
};

/**
 * The result list and its paging. The published notices come from the public search API of
 * the tendering module; until it answers there is nothing published to list.
 */
export function NoticeResults({
  search,
  onPage,
}: {
  search: PublicSearch;
  onPage: (pageNum: number, pageSize: number) => void;
}) {
  const total = 0;
  const filtered = isFiltered(search);
  return (
    <div className="public-results">
      <Empty
        className="public-empty"
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <div>{EMPTY_TEXT[search.tab]}</div>
            {filtered && <div className="public-empty-hint">可尝试放宽筛选条件后再次查询</div>}
          </>
        }
      />
      <Pagination
        className="public-pagination"
        align="end"
        current={search.pageNum}
        pageSize={search.pageSize}
        total={total}
        showSizeChanger
        showTotal={(count) => `共 ${count} 条`}
        onChange={onPage}
      />
    </div>
  );
}
