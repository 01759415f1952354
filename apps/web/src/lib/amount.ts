// One formatter for amounts and one 大写 on both sides (packages/contracts/src/format.ts,
// amount-in-words.ts).
export { formatAmount, formatMoney } from '@tender/contracts/format';
export { amountInWords } from '@tender/contracts/amount-in-words';

/** antd InputNumber helpers: show thousands separators while typing, read them back. */
export const amountFormatter = (value: number | string | undefined) =>
  value === undefined || value === '' ? '' : `${value}`.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
export const amountParser = (text: string | undefined) =>
  (text ?? '').replace(/[,\s¥$€]/g, '') as unknown as number;
