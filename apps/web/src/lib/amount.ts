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

/** antd InputNumber helpers: show thousands separators while typing, read them back. */
export const amountFormatter = (value: number | string | undefined) =>
  value === undefined || value === '' ? '' : `${value}`.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
export const amountParser = (text: string | undefined) =>
  (text ?? '').replace(/[,\s¥$€]/g, '') as unknown as number;
