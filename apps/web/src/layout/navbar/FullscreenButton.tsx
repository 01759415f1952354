import { useEffect, useState } from 'react';
import { Tooltip } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import screenfull from 'screenfull';
import { feedback } from '@/lib/feedback';

export function FullscreenButton() {
  const [isFullscreen, setIsFullscreen] = useState(false);

  useEffect(() => {
    if (!screenfull.isEnabled) return;
    const sync = () => setIsFullscreen(screenfull.isFullscreen);
    screenfull.on('change', sync);
    return () => screenfull.off('change', sync);
  }, []);

  const toggle = () => {
    if (!screenfull.isEnabled) {
      feedback.warning('you browser can not work');
      return;
    }
    void screenfull.toggle();
  };

  const Icon = isFullscreen ? FullscreenExitOutlined : FullscreenOutlined;
  return (
    <Tooltip title={isFullscreen ? '退出全屏' : '全屏'}>
      <Icon className="navbar-icon" aria-label="全屏" onClick={toggle} />
    </Tooltip>
  );
}
