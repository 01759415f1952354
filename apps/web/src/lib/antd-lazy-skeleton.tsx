import type { ComponentProps, ComponentType } from 'react';
import type { Skeleton } from 'antd';
import { lazyAntdControl } from './antd-lazy-control';

/** Ant Design's Skeleton for Card, loaded on its first drawing. */
export default lazyAntdControl(
  () =>
    import('antd/es/skeleton') as Promise<{
      default: ComponentType<ComponentProps<typeof Skeleton>>;
    }>,
);
