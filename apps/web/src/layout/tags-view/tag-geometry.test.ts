import { describe, expect, it } from 'vitest';
import { CONTEXT_MENU_WIDTH, contextMenuLeft, scrollLeftToShow } from './tag-geometry';

// Five 100 px tags, 5 px apart, starting at 15 px.
const tags = [0, 1, 2, 3, 4].map((i) => ({ offsetLeft: 15 + i * 105, offsetWidth: 100 }));
const view = { scrollLeft: 0, scrollWidth: 560, containerWidth: 250 };

describe('tag strip geometry', () => {
  it('scrolls to the start for the first tag and to the end for the last', () => {
    expect(scrollLeftToShow(tags, 0, { ...view, scrollLeft: 200 })).toBe(0);
    expect(scrollLeftToShow(tags, 4, view)).toBe(560 - 250);
  });

  it('brings the next tag into view with 4 px of padding', () => {
    // Tag 2's neighbour (tag 3) ends at 430; plus 4 px, less the 250 px container.
    expect(scrollLeftToShow(tags, 2, view)).toBe(430 + 4 - 250);
  });

  it('brings the previous tag into view with 4 px of padding', () => {
    // Tag 1's neighbour (tag 0) starts at 15.
    expect(scrollLeftToShow(tags, 1, { ...view, scrollLeft: 100 })).toBe(15 - 4);
  });

  it('leaves the strip alone when both neighbours are visible', () => {
    expect(scrollLeftToShow(tags, 1, { ...view, scrollLeft: 5, containerWidth: 330 })).toBe(5);
  });

  it('opens the context menu 15 px right of the pointer, within the strip', () => {
    expect(CONTEXT_MENU_WIDTH).toBe(105);
    expect(contextMenuLeft(300, 200, 1000)).toBe(115);
    expect(contextMenuLeft(1190, 200, 1000)).toBe(1000 - 105);
  });
});
