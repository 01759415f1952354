import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Pagination } from 'antd';
import { stubBrowserLayout } from '@/test/render';
import { pagerItems, ResultsPager } from './ResultsPager';

beforeAll(() => stubBrowserLayout());
afterEach(cleanup);

/** The items Ant Design's Pagination draws for a page of `pages`, as pagerItems names them. */
function antdItems(current: number, pages: number) {
  const { container, unmount } = render(
    <Pagination current={current} pageSize={10} total={pages * 10} onChange={() => undefined} />,
  );
  const items = [...container.querySelectorAll('li')]
    .map((li) => {
      for (const jump of ['jump-prev', 'jump-next'] as const)
        if (li.classList.contains(`ant-pagination-${jump}`)) return jump;
      return li.classList.contains('ant-pagination-item') ? Number(li.title) : undefined;
    })
    .filter((item) => item !== undefined);
  unmount();
  return items;
}

describe('ResultsPager', () => {
  it('says 共 N 条 for an exact total and 至少 N 条 when the server stopped counting', () => {
    const { rerender } = render(
      <ResultsPager pageNum={1} pageSize={10} page={{ total: 42 }} onPage={() => undefined} />,
    );
    expect(screen.getByText('共 42 条')).toBeTruthy();
    rerender(
      <ResultsPager
        pageNum={1}
        pageSize={10}
        page={{ total: 5000, totalIsMinimum: true }}
        onPage={() => undefined}
      />,
    );
    expect(screen.getByText('至少 5000 条')).toBeTruthy();
  });

  it('shows the pages and 5-page jumps Ant Design Pagination shows', { timeout: 30_000 }, () => {
    const cases: [number, number[]][] = [
      [1, [1]],
      [7, [1, 4, 7]],
      [8, [1, 2, 3, 4, 5, 6, 7, 8]],
      [9, [1, 3, 4, 5, 6, 7, 9]],
      [50, [1, 2, 3, 4, 5, 6, 7, 25, 44, 45, 46, 47, 48, 49, 50]],
    ];
    for (const [pages, currents] of cases) {
      for (const current of currents) {
        expect([current, pages, pagerItems(current, pages)]).toEqual([
          current,
          pages,
          antdItems(current, pages),
        ]);
      }
    }
  });

  it('names the pages and marks the current one; the arrows and jumps move as in Ant Design', () => {
    const onPage = vi.fn();
    render(<ResultsPager pageNum={7} pageSize={10} page={{ total: 500 }} onPage={onPage} />);
    const nav = screen.getByRole('navigation', { name: '分页' });
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('7');
    fireEvent.click(screen.getByRole('button', { name: '上一页' }));
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    fireEvent.click(screen.getByRole('button', { name: '向前 5 页' }));
    fireEvent.click(screen.getByRole('button', { name: '向后 5 页' }));
    fireEvent.click(screen.getByRole('button', { name: '第 50 页' }));
    fireEvent.click(screen.getByRole('button', { name: '第 7 页' }));
    expect(onPage.mock.calls).toEqual([
      [6, 10],
      [8, 10],
      [2, 10],
      [12, 10],
      [50, 10],
    ]);
  });

  it('loads the page-size select when reached for; a larger size keeps the page while it exists', async () => {
    const onPage = vi.fn();
    render(<ResultsPager pageNum={4} pageSize={10} page={{ total: 45 }} onPage={onPage} />);
    const lookAlike = screen.getByRole<HTMLInputElement>('combobox', { name: '每页条数' });
    expect(lookAlike.value).toBe('10 条/页');
    fireEvent.pointerDown(lookAlike);
    const option = await waitFor(
      () => {
        const found = [...document.querySelectorAll('.ant-select-item-option')].find(
          (o) => o.textContent === '20 条/页',
        );
        if (!found) throw new Error('not open yet');
        return found;
      },
      { timeout: 10_000 },
    );
    fireEvent.click(option);
    // 45 tenders in pages of 20 end at page 3.
    expect(onPage).toHaveBeenCalledWith(3, 20);
  });
});
