import Nzh from 'nzh';

// Apart from lib/amount: nzh stays out of pages that only format amounts (the public search).
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
