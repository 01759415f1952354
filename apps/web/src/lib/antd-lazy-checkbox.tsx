import type { ComponentProps, ComponentType } from 'react';
import type { Checkbox } from 'antd';
import { checkBox, lazyAntdControl } from './antd-lazy-control';

/** Ant Design's Checkbox for the table's selection column, loaded on its first drawing. */
export default lazyAntdControl(
  () =>
    import('antd/es/checkbox') as Promise<{
      default: ComponentType<ComponentProps<typeof Checkbox>>;
    }>,
  checkBox,
);
