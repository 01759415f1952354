import { useDeferredValue } from 'react';
import { Empty, Tag } from 'antd';
import { ResultsPager } from './ResultsPager';
import type { PublicTender } from '@tender/contracts';
import { Countdown } from '@/components/Countdown';
import { ProcurementMethodTag, tagsInLists } from '@/components/ProcurementMethodTag';
import { TenderStatusTag } from '@/components/TenderStatusTag';
import { formatMoney } from '@/lib/amount';
import { formatDateTime } from '@/lib/time';
import { useTenderSearch } from '../api/search-tender-msg';
import { useDict } from '@/hooks/use-dict';
import { isFiltered, type PublicSearch } from '../search-params';
import { BusyArea } from './BusyArea';
import { Highlight } from './highlight';
import { LoadError } from './LazyLoadError';

function ResultCard({
  tender,
  keyword,
  categoryLabel,
  regionLabel,
  onOpen,
}: {
  tender: PublicTender;
  keyword: string;
  categoryLabel: string;
  regionLabel: string;
  onOpen: () => void;
}) {
  return (
    <div className="public-result-card" onClick={onOpen}>
      <div className="public-result-head">
        <span className="public-result-tags">
          <span>
            <TenderStatusTag status={tender.status} />
          </span>
          {tagsInLists(tender.procurementMethod) && (
            <span>
              <ProcurementMethodTag method={tender.procurementMethod} />
            </span>
          )}
          {tender.lotCount > 1 && (
            <span>
              <Tag color="blue">{tender.lotCount} 个标段</Tag>
            </span>
          )}
          {tender.amendmentCount > 0 && (
            <span>
              <Tag color="orange">已澄清/修改</Tag>
            </span>
          )}
        </span>
        <span className="public-result-no">
          <Highlight text={tender.tenderNo} keyword={keyword} />
        </span>
      </div>
      <a
        className="public-result-title"
        href={`?id=${tender.id}`}
        onClick={(e) => {
          e.preventDefault();
        }}
      >
        <Highlight text={tender.title} keyword={keyword} />
      </a>
      <div className="public-result-meta">
        <span>类别：{categoryLabel}</span>
        <span>地区：{regionLabel}</span>
        <span>预算：{formatMoney(tender.budget, tender.currency)}</span>
        <span>发布：{formatDateTime(tender.publishedAt)}</span>
        <span>
          截止：{formatDateTime(tender.bidDeadline)}
          {tender.status === 'published' && (
            <>
              {' '}
              <Countdown deadline={tender.bidDeadline} showIcon={false} prefix="剩 " />
            </>
          )}
        </span>
      </div>
    </div>
  );
}

/** The 招标公告 tab: the search's page of published tenders as cards, and the pager. */
export function TenderResults({
  search,
  onPage,
  onOpen,
}: {
  search: PublicSearch;
  onPage: (pageNum: number, pageSize: number) => void;
  onOpen: (id: number) => void;
}) {
  const result = useTenderSearch(search);
  const categories = useDict('tender_category');
  const regions = useDict('region');
  // A page of cards is drawn as a transition, which yields to the browser every few
  // milliseconds: drawn at once (with its first tags' and pager's styles) it was the search
  // page's longest task on a phone, keeping a first tap waiting.
  const page = useDeferredValue(result.data);
  const list = page?.list ?? [];
  const filtered = isFiltered(search);

  return (
    <div className="public-results">
      {result.isError && <LoadError error={result.error} onRetry={() => result.refetch()} />}
      <BusyArea busy={result.isFetching}>
        {page && list.length === 0 ? (
          <Empty
            className="public-empty"
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <>
                <div>{filtered ? '没有符合条件的招标公告' : '暂无已发布的招标公告'}</div>
                {filtered && <div className="public-empty-hint">可尝试放宽筛选条件后再次查询</div>}
              </>
            }
          />
        ) : (
          <div className="public-result-grid" style={{ minHeight: page ? undefined : 200 }}>
            {list.map((tender) => (
              <ResultCard
                key={tender.id}
                tender={tender}
                keyword={search.keyword}
                categoryLabel={categories.labelOf(tender.category)}
                regionLabel={regions.labelOf(tender.region)}
                onOpen={() => onOpen(tender.id)}
              />
            ))}
          </div>
        )}
      </BusyArea>
      <ResultsPager
        pageNum={search.pageNum}
        pageSize={search.pageSize}
        page={page}
        onPage={onPage}
      />
    </div>
  );
}
