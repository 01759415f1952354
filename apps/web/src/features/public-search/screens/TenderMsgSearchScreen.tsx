import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfigProvider } from 'antd';
// Search alone: antd's Input index carries TextArea and OTP with it.
import Search from 'antd/es/input/Search';
import { useStore } from '@/lib/create-store';
import { systemTitleStore } from '@/lib/system-info';
import { PublicHeader } from '../components/PublicHeader';
import { SearchFilters } from '../components/SearchFilters';
import { AnnouncementResults } from '../components/AnnouncementResults';
import { TenderResults } from '../components/TenderResults';
import { NoticeTabs } from '../components/NoticeTabs';
import {
  readAnnouncementId,
  readOpenId,
  readSearch,
  withAnnouncementId,
  withOpenId,
  writeSearch,
  type NoticeTab,
  type PublicSearch,
} from '../search-params';
import '../public-search.css';

// The drawers bring tables, rich text and descriptions: loaded when a notice is first opened,
// so the search page itself stays light on a phone.
const TenderDrawer = lazy(() =>
  import('../components/TenderDrawer').then((m) => ({ default: m.TenderDrawer })),
);
const AnnouncementDrawer = lazy(() =>
  import('../components/AnnouncementDrawer').then((m) => ({ default: m.AnnouncementDrawer })),
);

/** True from the first time `open` is true: a drawer stays mounted to animate its closing. */
function useOpenedOnce(open: boolean) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** The public front door: anyone can look up published tenders and award notices. */
export default function TenderMsgSearchScreen() {
  const [params, setParams] = useSearchParams();
  const search = readSearch(params);
  const systemTitle = useStore(systemTitleStore);
  const update = (change: Partial<PublicSearch>) => setParams(writeSearch(search, change));
  const openId = readOpenId(params);
  const announcementId = readAnnouncementId(params);
  // The hand-drawn panel follows the size setting as antd's Card, Tabs and Pagination did.
  const size = ConfigProvider.useConfig().componentSize ?? 'middle';
  const tenderDrawerUsed = useOpenedOnce(openId !== undefined);
  const announcementDrawerUsed = useOpenedOnce(announcementId !== undefined);

  return (
    <div className="public-page">
      <PublicHeader />
      <section className="public-hero">
        <div className="public-inner">
          <h1>招标信息查询</h1>
          <p>查询已公开发布的招标公告与中标结果，无需登录</p>
          <Search
            key={search.keyword}
            className="public-search-box"
            size="large"
            allowClear
            enterButton="搜索"
            placeholder="输入项目名称、招标编号或关键词"
            aria-label="关键词"
            defaultValue={search.keyword}
            onSearch={(keyword) => update({ keyword: keyword.trim() })}
          />
        </div>
      </section>
      <main className="public-inner public-main">
        <div className={`public-panel public-size-${size}`}>
          {search.tab === 'tender' && <SearchFilters search={search} onChange={update} />}
          <NoticeTabs
            id="notice"
            activeKey={search.tab}
            onChange={(tab: NoticeTab) => update({ tab })}
            items={[
              { key: 'tender', label: '招标公告' },
              { key: 'award', label: '中标公告' },
            ]}
          >
            {search.tab === 'tender' ? (
              <TenderResults
                search={search}
                onPage={(pageNum, pageSize) => update({ pageNum, pageSize })}
                onOpen={(id) => setParams(withOpenId(params, id))}
              />
            ) : (
              <AnnouncementResults
                search={search}
                onPage={(pageNum, pageSize) => update({ pageNum, pageSize })}
                onOpen={(id) => setParams(withAnnouncementId(params, id))}
              />
            )}
          </NoticeTabs>
        </div>
      </main>
      <Suspense fallback={null}>
        {tenderDrawerUsed && (
          <TenderDrawer id={openId} onClose={() => setParams(withOpenId(params, undefined))} />
        )}
        {announcementDrawerUsed && (
          <AnnouncementDrawer
            id={announcementId}
            onClose={() => setParams(withAnnouncementId(params, undefined))}
          />
        )}
      </Suspense>
      <footer className="public-footer">
        © {new Date().getFullYear()} {systemTitle}
      </footer>
    </div>
  );
}
