/** Space kept between the strip's edge and the tags beside the one scrolled to. */
export const TAG_SPACING = 4;
export const CONTEXT_MENU_WIDTH = 105;

export interface TagBox {
  offsetLeft: number;
  offsetWidth: number;
}

/**
 * The strip's scroll position that brings tag `index` into view with its neighbours, as the
 * original did: the first tag scrolls to the start, the last to the end.
 */
export function scrollLeftToShow(
  tags: TagBox[],
  index: number,
  view: { scrollLeft: number; scrollWidth: number; containerWidth: number },
): number {
  if (index <= 0) return 0;
  if (index === tags.length - 1) return view.scrollWidth - view.containerWidth;
  const prev = tags[index - 1];
  const next = tags[index + 1];
  if (!prev || !next) return view.scrollLeft;
  const afterNext = next.offsetLeft + next.offsetWidth + TAG_SPACING;
  const beforePrev = prev.offsetLeft - TAG_SPACING;
  if (afterNext > view.scrollLeft + view.containerWidth) return afterNext - view.containerWidth;
  if (beforePrev < view.scrollLeft) return beforePrev;
  return view.scrollLeft;
}

/** The context menu opens 15 px right of the pointer, never past the strip's right edge. */
export function contextMenuLeft(clientX: number, stripLeft: number, stripWidth: number): number {
  const maxLeft = stripWidth - CONTEXT_MENU_WIDTH;
  const left = clientX - stripLeft + 15;
  return left > maxLeft ? maxLeft : left;
}
