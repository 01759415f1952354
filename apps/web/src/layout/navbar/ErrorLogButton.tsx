import { lazy, Suspense, useState } from 'react';
import { Badge, Tooltip } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useStore } from '@/lib/create-store';
import { useOpenedOnce } from '@/hooks/use-opened-once';
import { errorLogStore } from '@/stores/error-log';

// The log's table loads when it is first opened.
const ErrorLogDialog = lazy(() => import('./ErrorLogDialog'));

/** Shown only when errors were collected; opens them as a table. */
export function ErrorLogButton() {
  const logs = useStore(errorLogStore);
  const [open, setOpen] = useState(false);
  const used = useOpenedOnce(open);
  if (logs.length === 0) return null;

  return (
    <>
      <Tooltip title="错误日志">
        <Badge count={logs.length} size="small" offset={[-2, 6]}>
          <BugOutlined
            className="navbar-icon navbar-icon-danger"
            aria-label="错误日志"
            onClick={() => setOpen(true)}
          />
        </Badge>
      </Tooltip>
      <Suspense fallback={null}>
        {used && <ErrorLogDialog open={open} onClose={() => setOpen(false)} />}
      </Suspense>
    </>
  );
}
