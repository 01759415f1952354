import Nzh from 'nzh';

const CURRENCY_SYMBOLS: Record<string, string> = { CNY: '¥', USD: '$', EUR: '€' };

/** 1234567.5 → "1,234,567.50" (two decimals, thousands separators). */
export function formatAmount(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** The amount with its currency: "¥1,234,567.50", or "1,234.00 GBP" for a code without a sign. */
export function formatMoney(value: number | null | undefined, currency = 'CNY'): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const symbol = CURRENCY_SYMBOLS[currency];
  return symbol ? `${symbol}${formatAmount(value)}` : `${formatAmount(value)} ${currency}`;
}

/**
 * 大写 (capital Chinese) amount: 1150000 → "壹佰壹拾伍万元整", 12.34 → "壹拾贰元叁角肆分".
 * Empty for a missing, negative or non-finite value.
 */
export function amountInWords(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0) return '';
  // Rounded to the fen first, so that 0.1 + 0.2 reads 叁角 and not a float's tail.
  const fen = Math.round(value * 100) / 100;
  const words = Nzh.cn.toMoney(fen.toFixed(2), { outSymbol: false });
  // Financial writing closes a sum without 分 with 整: 壹佰元整, 壹元伍角整.
  return words.endsWith('分') ? words : `${words}整`;
}

/** antd InputNumber helpers: show thousands separators while typing, read them back. */
export const amountFormatter = (value: number | string | undefined) =>
  value === undefined || value === '' ? '' : `${value}`.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
export const amountParser = (text: string | undefined) =>
  (text ?? '').replace(/[,\s¥$€]/g, '') as unknown as number;
