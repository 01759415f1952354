import type { ComponentProps, ComponentType } from 'react';
import type { Tabs } from 'antd';
import { lazyAntdControl } from './antd-lazy-control';

/** Ant Design's Tabs for Card, loaded on its first drawing. */
export default lazyAntdControl(
  () => import('antd/es/tabs') as Promise<{ default: ComponentType<ComponentProps<typeof Tabs>> }>,
);
