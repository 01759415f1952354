import type { ReactNode } from 'react';

/**
 * The results while a search is under way: dimmed, with Ant Design's spinning dots over them, as
 * Spin draws a nested loading area. Spin follows its `spinning` prop one commit late (an effect),
 * so on a fast first load its dots sat over the middle of the newly drawn list for a frame (a
 * layout shift); this follows `busy` in the same commit, and is ≈ 3 KB less of the page.
 */
export function BusyArea({ busy, children }: { busy: boolean; children: ReactNode }) {
  return (
    <div
      className={busy ? 'busy-area busy-area-busy' : 'busy-area'}
      aria-busy={busy}
      aria-live="polite"
    >
      {busy && (
        <div className="busy-area-dots">
          <span>
            <i />
            <i />
            <i />
            <i />
          </span>
        </div>
      )}
      <div className="busy-area-content">{children}</div>
    </div>
  );
}
