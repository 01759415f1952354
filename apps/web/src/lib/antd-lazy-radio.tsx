import type { ComponentProps, ComponentType } from 'react';
import type { Radio } from 'antd';
import { checkBox, lazyAntdControl } from './antd-lazy-control';

/** Ant Design's Radio for the table's selection column, loaded on its first drawing. */
export default lazyAntdControl(
  () =>
    import('antd/es/radio') as Promise<{ default: ComponentType<ComponentProps<typeof Radio>> }>,
  checkBox,
);
