import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, isValidCreditCode } from './credit-code.js';
import { creditCode } from './supplier.js';

describe('unified social credit code (GB 32100)', () => {
  it('accepts published real codes and computes their check character', () => {
    // 华为技术有限公司, as printed on its business licence; then other well-known companies.
    expect(isValidCreditCode('914403001922038216')).toBe(true);
    expect(creditCodeCheckChar('91440300192203821')).toBe('6');
    expect(isValidCreditCode('91110000100010433L')).toBe(true);
    expect(isValidCreditCode('91350100M000100Y43')).toBe(true);
  });

  it('refuses a wrong check character, a wrong length and letters outside the alphabet', () => {
    expect(isValidCreditCode('914403001922038217')).toBe(false);
    expect(isValidCreditCode('91440300192203821')).toBe(false);
    expect(isValidCreditCode('9144030019220382I6')).toBe(false);
    expect(isValidCreditCode('91110000100010433l')).toBe(false);
  });
});

describe('the contract’s creditCode field', () => {
  const messages = (value: unknown) =>
    creditCode.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

  it('takes a code in any case and with spaces around, and answers it upper case', () => {
    expect(creditCode.parse(' 91110000100010433l ')).toBe('91110000100010433L');
  });

  it('says the shape when the shape is wrong, else the check character', () => {
    expect(messages('9111000010001043')).toEqual([
      '统一社会信用代码应为 18 位数字或大写字母（不含 I、O、S、V、Z）',
    ]);
    expect(messages('91110000100010433M')).toEqual([
      '统一社会信用代码校验位不正确，请核对营业执照',
    ]);
  });
});
