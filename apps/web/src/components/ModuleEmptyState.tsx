import type { ReactNode } from 'react';
import { Empty } from 'antd';
import { PageContainer } from '@/components/PageContainer';

/**
 * A screen whose data comes with the tendering module: its real title and an honest empty
 * state that says what will be listed here.
 */
export function ModuleEmptyState({
  title,
  description,
  extra,
}: {
  title: string;
  description: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <PageContainer title={title}>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={description}
        style={{ padding: '48px 0' }}
      >
        {extra}
      </Empty>
    </PageContainer>
  );
}
