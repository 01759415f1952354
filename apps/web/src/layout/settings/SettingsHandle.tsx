import { lazy, Suspense, useState } from 'react';
import { CloseOutlined, SettingOutlined } from '@ant-design/icons';
import { useStore } from '@/lib/create-store';
import { useOpenedOnce } from '@/hooks/use-opened-once';
import { settingsStore } from '@/stores/settings';

// The panel (its colour picker and switches) loads on the first click, not with every screen.
const SettingsDrawer = lazy(() => import('./SettingsDrawer'));

/** The handle of the right-hand settings panel, 250 px from the top. */
export function SettingsHandle() {
  const theme = useStore(settingsStore, (s) => s.theme);
  const [open, setOpen] = useState(false);
  const used = useOpenedOnce(open);

  return (
    <>
      <button
        type="button"
        className="settings-handle"
        aria-label="系统布局配置"
        style={{ background: theme }}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? <CloseOutlined /> : <SettingOutlined />}
      </button>
      <Suspense fallback={null}>
        {used && <SettingsDrawer open={open} onClose={() => setOpen(false)} />}
      </Suspense>
    </>
  );
}
