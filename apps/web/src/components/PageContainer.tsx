import type { ReactNode } from 'react';
import { Card, Space, Typography } from 'antd';
import './page-container.css';

/**
 * The frame of a screen's content: an optional heading with actions, then the body on a white
 * card (Ant Design Pro's page container, without its extra machinery).
 */
export function PageContainer({
  title,
  extra,
  children,
  bare = false,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  /** Render the children without the surrounding card (for screens made of several cards). */
  bare?: boolean;
}) {
  return (
    <div className="page-container">
      {(title || extra) && (
        <div className="page-container-header">
          {title && (
            <Typography.Title level={4} className="page-container-title">
              {title}
            </Typography.Title>
          )}
          {extra && <Space wrap>{extra}</Space>}
        </div>
      )}
      {bare ? children : <Card variant="borderless">{children}</Card>}
    </div>
  );
}
