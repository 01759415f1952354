import { useEffect } from 'react';
import { closeSidebar, isMobileWidth, setDevice } from '@/stores/app';

/** Checks the device on mount and on every resize while the page is visible. */
export function useDeviceWatcher() {
  useEffect(() => {
    const check = () => {
      if (document.hidden) return;
      const mobile = isMobileWidth();
      setDevice(mobile ? 'mobile' : 'desktop');
      if (mobile) closeSidebar(true);
    };
    check();
    window.addEventListener('resize', check);
    return () => window.removeEventListener('resize', check);
  }, []);
}
