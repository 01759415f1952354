import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface NoticeTabItem<K extends string> {
  key: K;
  label: string;
}

/**
 * Ant Design's line tabs, drawn by hand for the public page (its Tabs bring an overflow menu and
 * its dropdown, about 20 KB of the page's first load, for two tabs that never overflow). The
 * WAI-ARIA tabs pattern as Ant Design's: arrow keys, Home and End move the focus, Enter or Space
 * (a click) chooses; the chosen tab's content is the tab panel.
 */
export function NoticeTabs<K extends string>({
  id,
  items,
  activeKey,
  onChange,
  children,
}: {
  id: string;
  items: NoticeTabItem<K>[];
  activeKey: K;
  onChange: (key: K) => void;
  children: ReactNode;
}) {
  const tabs = useRef(new Map<K, HTMLButtonElement>());
  const ink = useInkBar(tabs, activeKey);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1;
    const target = {
      ArrowLeft: index === 0 ? last : index - 1,
      ArrowRight: index === last ? 0 : index + 1,
      Home: 0,
      End: last,
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    tabs.current.get(items[target]!.key)?.focus();
  };

  return (
    <>
      <div className="public-tabs-nav" role="tablist" aria-orientation="horizontal">
        {items.map((item, index) => {
          const active = item.key === activeKey;
          return (
            <button
              key={item.key}
              ref={(el) => {
                if (el) tabs.current.set(item.key, el);
                else tabs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.key}`}
              aria-selected={active}
              aria-controls={`${id}-panel-${item.key}`}
              tabIndex={active ? 0 : -1}
              className={active ? 'public-tab public-tab-active' : 'public-tab'}
              onClick={() => !active && onChange(item.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              <span className="public-tab-label">{item.label}</span>
            </button>
          );
        })}
        <span className="public-tabs-ink" style={ink} aria-hidden />
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel-${activeKey}`}
        aria-labelledby={`${id}-tab-${activeKey}`}
        className="public-tabpanel"
      >
        {children}
      </div>
    </>
  );
}

/** The ink bar under the chosen tab; it slides to a newly chosen one as Ant Design's does. */
function useInkBar<K>(tabs: { current: Map<K, HTMLElement> }, activeKey: K) {
  const [style, setStyle] = useState<{ left: number; width: number }>();
  useEffect(() => {
    const active = tabs.current.get(activeKey);
    if (!active) return;
    // Read when the browser has just laid the tabs out anyway (a ResizeObserver reports after
    // layout, before paint), not in React's commit, where it forced a layout of the whole new
    // page: ≈ 40 ms of a phone's main thread. It reports again when a web font or a zoom
    // changes a label's width.
    const observer = new ResizeObserver(() =>
      setStyle({ left: active.offsetLeft, width: active.offsetWidth }),
    );
    for (const tab of tabs.current.values()) observer.observe(tab);
    return () => observer.disconnect();
  }, [tabs, activeKey]);
  return style;
}
