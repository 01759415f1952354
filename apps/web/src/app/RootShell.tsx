import { useEffect, useLayoutEffect } from 'react';
import { Outlet, useMatches, useNavigation } from 'react-router';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { useStore } from '@/lib/create-store';
import { pageTitle, systemTitleStore } from '@/lib/system-info';
import type { RouteHandle } from './route-table';
import { BOOT_FRAME_ID } from './BootScreen';

NProgress.configure({ showSpinner: false });

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
    if (navigation.state === 'idle') NProgress.done();
    else NProgress.start();
  }, [navigation.state]);

  useEffect(() => {
    document.title = pageTitle(title, systemTitle);
  }, [title, systemTitle]);

  return <Outlet />;
}
