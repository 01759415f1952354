import { lazy, Suspense } from 'react';

// Public pages show their static frame instead, so the spinner loads only where it is seen.
const BootSpinner = lazy(() => import('./BootSpinner'));

/** The static frame of a public page (build/public-frames.ts), while it is showing. */
export const BOOT_FRAME_ID = 'boot-frame';

/** Shown while the first navigation's guard runs, unless the page's static frame is showing. */
export function BootScreen() {
  if (document.getElementById(BOOT_FRAME_ID)) return null;
  return (
    <div style={{ display: 'grid', placeItems: 'center', height: '100vh' }}>
      <Suspense fallback={null}>
        <BootSpinner />
      </Suspense>
    </div>
  );
}
