/**
 * 大写 (Chinese capital numerals) of an amount in yuan, written as the People's Bank requires on
 * bills and settlement vouchers (《支付结算办法》附件一《正确填写票据和结算凭证的基本规定》):
 *
 * - 整 after 元 or 角 when nothing follows (壹元伍角整); none after 分 (壹元伍角贰分).
 * - A zero between figures is written 零, a run of zeros once (陆仟零柒元壹角肆分).
 * - 角 zero and 分 not: 零 after 元 (叁佰贰拾伍元零肆分).
 * - 元 zero and 角 not: 零 after 元 (壹仟陆佰捌拾元零叁角贰分); likewise 万 zero before a 仟
 *   (壹拾万零柒仟元). The rules allow leaving these two 零 out; we always write them, so one
 *   sum has one spelling and nothing can be slipped in between.
 * - 拾 always with its figure (壹拾元整), which no one can turn into 贰拾.
 * - Under one yuan there is no 元 (伍分, 伍角整); nothing at all is 零元整.
 *
 * The table of cases is in amount-in-words.test.ts.
 */

import { centsOf } from './format.js';

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const PLACES = ['仟', '佰', '拾', ''];
const SECTIONS = ['', '万', '亿', '万亿'];

/** Four figures (leading zeros already read by the caller): 0105 → 壹佰零伍. */
function sectionInWords(figures: string): string {
  let words = '';
  let zero = false;
  for (let i = 0; i < 4; i++) {
    const digit = Number(figures[i]);
    if (digit === 0) {
      zero = words !== '';
      continue;
    }
    if (zero) words += '零';
    zero = false;
    words += DIGITS[digit]! + PLACES[i]!;
  }
  return words;
}

/** The yuan of an amount: 1004000 → 壹佰万零肆仟. */
function yuanInWords(yuan: string): string {
  const padded = yuan.padStart(Math.ceil(yuan.length / 4) * 4, '0');
  const sections = padded.match(/\d{4}/g) ?? [];
  let words = '';
  let zero = false;
  sections.forEach((figures, i) => {
    if (figures === '0000') {
      zero = words !== '';
      return;
    }
    // Zeros between this section's first figure and the last one written: at the end of the
    // section before (壹拾万零柒仟), a whole empty section, or this section's own start.
    if (words !== '' && (zero || figures.startsWith('0'))) words += '零';
    const place = sections.length - 1 - i;
    // 万亿 only when the 亿 section is empty: 壹万亿, but 玖万玖仟亿 (the 亿 comes with its section).
    const unit = place === 3 && sections[i + 1] !== '0000' ? '万' : SECTIONS[place]!;
    words += sectionInWords(figures) + unit;
    zero = figures.endsWith('0');
  });
  return words;
}

/**
 * 1.5 → "壹元伍角整", 100000.01 → "壹拾万元零壹分", 0 → "零元整". Rounded to the fen first.
 * Empty for a missing, negative, non-finite or too large value (beyond 万亿).
 */
export function amountInWords(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value) || value < 0) return '';
  // The sum formatAmount prints: 1.005 reads 壹元零壹分 beside "1.01", not a float's tail.
  const cents = value < 1e-6 ? 0n : centsOf(value);
  if (cents === null) return '';
  const yuan = cents < 100n ? '' : String(cents / 100n);
  if (yuan.length > SECTIONS.length * 4) return '';
  const jiao = Number((cents / 10n) % 10n);
  const fen = Number(cents % 10n);
  if (yuan === '' && jiao === 0 && fen === 0) return '零元整';
  let words = yuan === '' ? '' : `${yuanInWords(yuan)}元`;
  if (jiao === 0 && fen === 0) return `${words}整`;
  if (yuan !== '' && (yuan.endsWith('0') || jiao === 0)) words += '零';
  if (jiao !== 0) words += `${DIGITS[jiao]}角`;
  return fen === 0 ? `${words}整` : `${words}${DIGITS[fen]}分`;
}
