import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { CloseOutlined } from '@ant-design/icons';
import { useStore } from '@/lib/create-store';
import {
  closeAllTags,
  closeOtherTags,
  closeTag,
  refreshTag,
  tagsStore,
  type TagCommandResult,
  type VisitedView,
} from '@/stores/tags-view';
import { TagContextMenu, type TagCommand } from './TagContextMenu';
import { contextMenuLeft, scrollLeftToShow } from './tag-geometry';
import { useTrackVisitedViews, type AffixRoute } from './use-track-views';

interface MenuState {
  tag: VisitedView;
  left: number;
  top: number;
}

/** The strip of visited pages with close, close others, close all and refresh. */
export function TagsView({ affixRoutes }: { affixRoutes: readonly AffixRoute[] }) {
  useTrackVisitedViews(affixRoutes);
  const visited = useStore(tagsStore, (s) => s.visited);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const stripRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<MenuState | null>(null);
  const closeMenu = useCallback(() => setMenu(null), []);

  const run = (result: TagCommandResult) => {
    tagsStore.set(result.state);
    if (result.navigate) void navigate(result.navigate.to, { replace: result.navigate.replace });
  };

  const command = (tag: VisitedView, name: TagCommand) => {
    const state = tagsStore.get();
    if (name === 'refresh') run(refreshTag(state, tag));
    if (name === 'close') run(closeTag(state, tag, pathname));
    if (name === 'closeOthers') run(closeOtherTags(state, tag));
    if (name === 'closeAll') run(closeAllTags(state, tag));
    setMenu(null);
  };

  const openMenu = (tag: VisitedView, event: MouseEvent) => {
    event.preventDefault();
    const strip = stripRef.current?.getBoundingClientRect();
    if (!strip) return;
    setMenu({
      tag,
      left: strip.left + contextMenuLeft(event.clientX, strip.left, strip.width),
      top: event.clientY,
    });
  };

  const activeIndex = visited.findIndex((tag) => tag.path === pathname);
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller || activeIndex < 0) return;
    const tags = [...scroller.querySelectorAll<HTMLElement>('.tags-view-item')];
    scroller.scrollLeft = scrollLeftToShow(tags, activeIndex, {
      scrollLeft: scroller.scrollLeft,
      scrollWidth: scroller.scrollWidth,
      containerWidth: scroller.offsetWidth,
    });
  }, [activeIndex, visited.length]);

  return (
    <div className="tags-view" ref={stripRef}>
      <div
        className="tags-view-scroll"
        ref={scrollRef}
        onWheel={(event) => {
          if (scrollRef.current) scrollRef.current.scrollLeft += event.deltaY;
        }}
      >
        {visited.map((tag) => (
          <Link
            key={tag.path}
            to={tag.fullPath}
            className={tag.path === pathname ? 'tags-view-item active' : 'tags-view-item'}
            onContextMenu={(event) => openMenu(tag, event)}
            onMouseUp={(event) => {
              if (event.button === 1 && !tag.affix) command(tag, 'close');
            }}
          >
            {tag.title}
            {!tag.affix && (
              <CloseOutlined
                className="tags-view-close"
                aria-label={`关闭 ${tag.title}`}
                onClick={(event) => {
                  event.preventDefault();
                  event.stopPropagation();
                  command(tag, 'close');
                }}
              />
            )}
          </Link>
        ))}
      </div>
      {menu && (
        <TagContextMenu
          tag={menu.tag}
          left={menu.left}
          top={menu.top}
          onCommand={(name) => command(menu.tag, name)}
          onDismiss={closeMenu}
        />
      )}
    </div>
  );
}
