import { Spin } from 'antd';

/** The static frame of a public page (build/public-frames.ts), while it is showing. */
export const BOOT_FRAME_ID = 'boot-frame';

/** Shown while the first navigation's guard runs, unless the page's static frame is showing. */
export function BootScreen() {
  if (document.getElementById(BOOT_FRAME_ID)) return null;
  return (
    <div style={{ display: 'grid', placeItems: 'center', height: '100vh' }}>
      <Spin size="large" />
    </div>
  );
}
