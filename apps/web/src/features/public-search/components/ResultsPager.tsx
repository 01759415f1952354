import type { ReactNode } from 'react';
import {
  DoubleLeftOutlined,
  DoubleRightOutlined,
  EllipsisOutlined,
  LeftOutlined,
  RightOutlined,
} from '@ant-design/icons';
import { LazySelect } from '@/components/LazySelect';

const PAGE_SIZES = [10, 20, 50, 100];
/** Pages shown either side of the current one before the 5-page jumps take over. */
const BUFFER = 2;

type PagerItem = number | 'jump-prev' | 'jump-next';

/**
 * The page numbers Ant Design's Pagination shows: all of them up to 7 pages, else the first, the
 * last, two either side of the current one and a 5-page jump where pages are left out.
 */
export function pagerItems(current: number, pages: number): PagerItem[] {
  if (pages <= 3 + BUFFER * 2) return Array.from({ length: Math.max(pages, 1) }, (_, i) => i + 1);
  let left = Math.max(1, current - BUFFER);
  let right = Math.min(current + BUFFER, pages);
  if (current - 1 <= BUFFER) right = 1 + BUFFER * 2;
  if (pages - current <= BUFFER) left = pages - BUFFER * 2;
  const jumpPrev = current - 1 >= BUFFER * 2 && current !== 1 + 2;
  const jumpNext = pages - current >= BUFFER * 2 && current !== pages - 2;
  if (jumpPrev && right !== pages) left += 1;
  if (jumpNext && left !== 1) right -= 1;
  const items: PagerItem[] = [];
  if (left !== 1) items.push(1);
  if (jumpPrev) items.push('jump-prev');
  for (let page = left; page <= right; page += 1) items.push(page);
  if (jumpNext) items.push('jump-next');
  if (right !== pages) items.push(pages);
  return items;
}

/**
 * The pager under both public result lists (pages of at most 100, newest first), drawn as Ant
 * Design's Pagination draws it, without it: its page-size changer is a Select, which the page
 * loads only when someone reaches for it. Buttons in a labelled navigation, the current page
 * marked for assistive technology.
 */
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
  const size = Math.min(pageSize, 100);
  const pages = Math.ceil(total / size);
  const current = Math.max(1, Math.min(pageNum, pages));
  const go = (to: number) => {
    const next = Math.max(1, Math.min(to, pages));
    if (next !== current) onPage(next, size);
  };
  const sizeOptions = (PAGE_SIZES.includes(size) ? PAGE_SIZES : [...PAGE_SIZES, size])
    .sort((a, b) => a - b)
    .map((value) => ({ value, label: `${value} 条/页` }));

  const step = (label: string, to: number, disabled: boolean, icon: ReactNode, cls: string) => (
    <li className={disabled ? `${cls} public-pager-disabled` : cls}>
      <button
        type="button"
        className="public-pager-step"
        title={label}
        aria-label={label}
        disabled={disabled}
        onClick={() => go(to)}
      >
        {icon}
      </button>
    </li>
  );

  const items = pagerItems(current, pages).map((item, index, all) => {
    if (item === 'jump-prev' || item === 'jump-next') {
      const back = item === 'jump-prev';
      const label = back ? '向前 5 页' : '向后 5 页';
      return (
        <li key={item} className="public-pager-jump">
          <button
            type="button"
            title={label}
            aria-label={label}
            onClick={() => go(back ? current - 5 : current + 5)}
          >
            {back ? <DoubleLeftOutlined /> : <DoubleRightOutlined />}
            <span className="public-pager-ellipsis">
              <EllipsisOutlined />
            </span>
          </button>
        </li>
      );
    }
    // Ant Design hides the page beside a jump below 992 px.
    const besideJump = all[index - 1] === 'jump-prev' || all[index + 1] === 'jump-next';
    const active = item === current && pages > 0;
    const cls = [
      'public-pager-item',
      active && 'public-pager-active',
      besideJump && 'public-pager-beside-jump',
    ].filter(Boolean);
    return (
      <li key={item} className={cls.join(' ')}>
        <button
          type="button"
          title={String(item)}
          aria-label={`第 ${item} 页`}
          aria-current={active ? 'page' : undefined}
          disabled={pages === 0}
          onClick={() => go(item)}
        >
          {item}
        </button>
      </li>
    );
  });

  return (
    <nav className="public-pagination" aria-label="分页">
      <span className="public-pager-total">
        {totalIsMinimum ? `至少 ${total} 条` : `共 ${total} 条`}
      </span>
      <ul className="public-pager-list">
        {step('上一页', current - 1, current <= 1, <LeftOutlined />, 'public-pager-prev')}
        {items}
        {step('下一页', current + 1, current >= pages, <RightOutlined />, 'public-pager-next')}
      </ul>
      <LazySelect
        className="public-pager-size"
        aria-label="每页条数"
        showSearch
        popupMatchSelectWidth={false}
        getPopupContainer={(trigger: HTMLElement) => trigger.parentElement ?? document.body}
        options={sizeOptions}
        value={size}
        onChange={(next) => {
          if (next === undefined || next === size) return;
          // Ant Design's rule: stay on the page unless the new size has fewer pages.
          const lastPage = Math.max(1, Math.ceil(total / next));
          onPage(Math.min(current, lastPage), next);
        }}
      />
    </nav>
  );
}
