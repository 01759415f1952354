import { Alert, Button } from 'antd';

/** The error state of a list or form: the server's reason and a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const reason = error instanceof Error ? error.message : String(error);
  return (
    <Alert
      type="error"
      showIcon
      title="数据加载失败"
      description={reason}
      action={
        <Button size="small" danger onClick={onRetry}>
          重试
        </Button>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
