import { Tag } from 'antd';
import {
  DEFAULT_PROCUREMENT_METHOD,
  PROCUREMENT_METHODS,
  type ProcurementMethod,
} from '@tender/contracts/procurement-method';

/** Lists tag a tender's method only when it is not the usual one (公开招标). */
export const tagsInLists = (method: ProcurementMethod) => method !== DEFAULT_PROCUREMENT_METHOD;

/** The tender's procurement method as a tag in its colour. */
export function ProcurementMethodTag({ method }: { method: ProcurementMethod }) {
  const { label, color } = PROCUREMENT_METHODS[method];
  return <Tag color={color}>{label}</Tag>;
}
