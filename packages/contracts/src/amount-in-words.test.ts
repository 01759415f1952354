import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-in-words.js';
import { formatAmount } from './format.js';

/** The sums every screen, the opening record and the PDFs write; see amount-in-words.ts. */
const CASES: [number, string][] = [
  [0, '零元整'],
  [0.05, '伍分'],
  [0.5, '伍角整'],
  [0.15, '壹角伍分'],
  [1, '壹元整'],
  [1.5, '壹元伍角整'],
  [1.52, '壹元伍角贰分'],
  [10, '壹拾元整'],
  [10.3, '壹拾元零叁角整'],
  [15, '壹拾伍元整'],
  [105.05, '壹佰零伍元零伍分'],
  [1010, '壹仟零壹拾元整'],
  [100_000.01, '壹拾万元零壹分'],
  [870_000, '捌拾柒万元整'],
  [1_004_000, '壹佰万零肆仟元整'],
  [1_150_000, '壹佰壹拾伍万元整'],
  [1_000_000_000.1, '壹拾亿元零壹角整'],
  [100_010_000, '壹亿零壹万元整'],
  [100_000_001, '壹亿零壹元整'],
  [1_000_000_000_000, '壹万亿元整'],
  [1_000_100_000_000, '壹万零壹亿元整'],
  [9_999_999_999_999.99, '玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
  // The examples of 《正确填写票据和结算凭证的基本规定》 第四条, in the spelling it gives first.
  [1409.5, '壹仟肆佰零玖元伍角整'],
  [6007.14, '陆仟零柒元壹角肆分'],
  [1680.32, '壹仟陆佰捌拾元零叁角贰分'],
  [16_409.02, '壹万陆仟肆佰零玖元零贰分'],
  [325.04, '叁佰贰拾伍元零肆分'],
  // The rule allows 壹拾万柒仟元零伍角叁分 too; we always write the 零 (see amount-in-words.ts).
  [107_000.53, '壹拾万零柒仟元零伍角叁分'],
];

describe('amountInWords', () => {
  it.each(CASES)('%d → %s', (value, words) => {
    expect(amountInWords(value)).toBe(words);
  });

  it('writes the sum formatAmount prints, rounded to the fen', () => {
    expect(formatAmount(1.005)).toBe('1.01');
    expect(amountInWords(1.005)).toBe('壹元零壹分');
    expect(amountInWords(0.1 + 0.2)).toBe('叁角整');
  });

  it('is empty for what is not an amount', () => {
    for (const value of [null, undefined, -1, Number.NaN, Infinity, 1e17])
      expect(amountInWords(value)).toBe('');
  });
});
