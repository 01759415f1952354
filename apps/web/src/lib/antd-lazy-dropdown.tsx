import type { ComponentProps, ComponentType } from 'react';
import type { Dropdown } from 'antd';
import { lazyAntdControl } from './antd-lazy-control';

/** Ant Design's Dropdown for the selection column's menu of the table, loaded on its first drawing. */
export default lazyAntdControl(
  () =>
    import('antd/es/dropdown') as Promise<{
      default: ComponentType<ComponentProps<typeof Dropdown>>;
    }>,
  // The trigger it wraps (the selection column's arrow) shows at once.
  (props) => props.children,
);
