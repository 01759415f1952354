/**
 * The one script a framed public page (login.html, register.html, tenderMsgSearch.html; see
 * build/public-frames.ts) names. It lets the browser paint the page's static frame first, then
 * starts the app: it preloads every script the first screen needs at once (the entry's and the
 * screen's whole import graph, so none is found late, one level at a time) and imports the
 * entry. The lists come from the build, as data attributes on this script's own tag; the
 * Content-Security-Policy allows no inline script to carry them.
 *
 * It imports nothing: it must arrive and run before anything else does.
 */

const LINKS_PER_TASK = 4;

/** Resolves once the browser has painted: just after the next animation frame. */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    // A tab opened in the background runs no animation frames; it still loads.
    const fallback = setTimeout(resolve, 200);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }),
    );
  });
}

function preloadLink(href: string) {
  const link = document.createElement('link');
  link.rel = href.endsWith('.css') ? 'stylesheet' : 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  return link;
}

async function start() {
  const tag = document.querySelector<HTMLScriptElement>('script[data-entry]');
  const entry = tag?.dataset.entry;
  if (!entry) throw new Error('frame-boot: no data-entry on the page');
  await afterNextPaint();
  // Vite's preload helper finds these links and adds none of its own when the screen loads.
  const hrefs = [entry, ...(tag.dataset.preload ?? '').split(' ').filter(Boolean)];
  // A few links per task: adding one costs a phone ≈ 1.5 ms, and sixty at once was a long task.
  for (let start = 0; start < hrefs.length; start += LINKS_PER_TASK) {
    if (start > 0) await new Promise((resolve) => setTimeout(resolve));
    document.head.append(...hrefs.slice(start, start + LINKS_PER_TASK).map(preloadLink));
  }
  await import(/* @vite-ignore */ entry);
}

void start();
