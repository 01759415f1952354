import { Spin } from 'antd';

/** The large spinner of BootScreen. */
export default function BootSpinner() {
  return <Spin size="large" />;
}
