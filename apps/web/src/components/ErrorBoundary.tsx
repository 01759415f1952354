import { Component, lazy, Suspense, type ErrorInfo, type ReactNode } from 'react';
import { Button } from 'antd';
import { addErrorLog } from '@/stores/error-log';

// Result (with its illustrations) loads only when a screen has failed.
const Result = lazy(() => import('antd/es/result'));

interface Props {
  children: ReactNode;
}
interface State {
  error: Error | null;
}

/** Catches a screen's render errors: logs them with the component stack and offers a retry. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    addErrorLog(error, info.componentStack ?? '');
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Suspense fallback={null}>
        <Result
          status="error"
          title="页面出错了"
          subTitle={this.state.error.message}
          extra={
            <Button type="primary" onClick={() => this.setState({ error: null })}>
              重试
            </Button>
          }
        />
      </Suspense>
    );
  }
}
