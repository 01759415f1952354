import { useEffect, useLayoutEffect } from 'react';
import { Outlet, useMatches, useNavigation } from 'react-router';
import type NProgress from 'nprogress';
import { useStore } from '@/lib/create-store';
import { pageTitle, systemTitleStore } from '@/lib/system-info';
import type { RouteHandle } from '@/lib/route-handle';
import { BOOT_FRAME_ID } from './BootScreen';

// The progress bar is only seen on a navigation after the first page: it loads with the first.
let progressBar: Promise<typeof NProgress> | null = null;
const loadProgressBar = () =>
  (progressBar ??= import('./navigation-progress').then((module) => module.default));

/** The root of every page: the progress bar during navigation and the document title. */
export default function RootShell() {
  const navigation = useNavigation();
  const matches = useMatches();
  const systemTitle = useStore(systemTitleStore);
  const title = (matches.at(-1)?.handle as RouteHandle | undefined)?.title;

  // A public page's static frame (see build/public-frames.ts) leaves in the commit that draws
  // the screen, before the browser paints: nothing flashes or moves.
  useLayoutEffect(() => document.getElementById(BOOT_FRAME_ID)?.remove(), []);

  useEffect(() => {
    // A bar that failed to load (a chunk gone after a deploy) is simply not shown.
    const skip = () => undefined;
    if (navigation.state !== 'idle') void loadProgressBar().then((bar) => bar.start(), skip);
    else void progressBar?.then((bar) => bar.done(), skip);
  }, [navigation.state]);

  useEffect(() => {
    document.title = pageTitle(title, systemTitle);
  }, [title, systemTitle]);

  return <Outlet />;
}
