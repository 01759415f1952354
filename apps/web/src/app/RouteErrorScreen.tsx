import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, Result } from 'antd';
import { addErrorLog } from '@/stores/error-log';

/** A navigation that failed outright (a screen's code could not load, a loader threw). */
export default function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => addErrorLog(error, 'router'), [error]);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Has Error';
  return (
    <Result
      status="error"
      title="页面加载失败"
      subTitle={detail}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          重新加载
        </Button>
      }
    />
  );
}
