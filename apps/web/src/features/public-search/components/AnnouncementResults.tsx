import { Empty } from 'antd';
import { ResultsPager } from './ResultsPager';
import type { PublicAnnouncement } from '@tender/contracts';
import { AnnouncementKindTag, AnnouncementStatusTag } from '@/components/AnnouncementTags';
import { formatMoney } from '@/lib/amount';
import { formatDateTime } from '@/lib/time';
import { useAnnouncementSearch } from '../api/search-announcement';
import type { PublicSearch } from '../search-params';
import { BusyArea } from './BusyArea';
import { Highlight } from './highlight';
import { LoadError } from './LazyLoadError';

function AnnouncementCard({
  announcement: a,
  keyword,
  onOpen,
}: {
  announcement: PublicAnnouncement;
  keyword: string;
  onOpen: () => void;
}) {
  const first = [...a.candidates].sort((x, y) => x.rank - y.rank)[0];
  return (
    <div className="public-result-card" onClick={onOpen}>
      <div className="public-result-head">
        <span className="public-result-tags">
          <span>
            <AnnouncementKindTag kind={a.kind} />
          </span>
          {a.status === 'revoked' && (
            <span>
              <AnnouncementStatusTag status="revoked" />
            </span>
          )}
        </span>
        <span className="public-result-no">
          <Highlight text={a.tenderNo} keyword={keyword} />
        </span>
      </div>
      <a
        className="public-result-title"
        href={`?tab=award&announcement=${a.id}`}
        onClick={(e) => e.preventDefault()}
      >
        <Highlight text={a.title} keyword={keyword} />
      </a>
      <div className="public-result-meta">
        {a.kind === 'result' ? (
          <>
            <span>中标人：{a.winnerName ?? '—'}</span>
            <span>中标金额：{formatMoney(a.amount)}</span>
          </>
        ) : (
          <>
            <span>第一候选人：{first?.supplierName ?? '—'}</span>
            <span>
              公示期：{formatDateTime(a.publicityStart)} 至 {formatDateTime(a.publicityEnd)}
            </span>
          </>
        )}
        <span>发布：{formatDateTime(a.publishedAt)}</span>
      </div>
    </div>
  );
}

/** The 中标公告 tab: published announcements as cards, newest first, and the pager. */
export function AnnouncementResults({
  search,
  onPage,
  onOpen,
}: {
  search: PublicSearch;
  onPage: (pageNum: number, pageSize: number) => void;
  onOpen: (id: number) => void;
}) {
  const result = useAnnouncementSearch(search);
  const list = result.data?.list ?? [];
  return (
    <div className="public-results">
      {result.isError && <LoadError error={result.error} onRetry={() => result.refetch()} />}
      <BusyArea busy={result.isFetching}>
        {result.data && list.length === 0 ? (
          <Empty
            className="public-empty"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={search.keyword ? '没有符合条件的中标公告' : '暂无中标公告'}
          />
        ) : (
          <div className="public-result-grid" style={{ minHeight: result.data ? undefined : 200 }}>
            {list.map((a) => (
              <AnnouncementCard
                key={a.id}
                announcement={a}
                keyword={search.keyword}
                onOpen={() => onOpen(a.id)}
              />
            ))}
          </div>
        )}
      </BusyArea>
      <ResultsPager
        pageNum={search.pageNum}
        pageSize={search.pageSize}
        page={result.data}
        onPage={onPage}
      />
    </div>
  );
}
