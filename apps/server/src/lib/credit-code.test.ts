import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, isValidCreditCode } from './credit-code.js';

describe('unified social credit code (GB 32100)', () => {
  it('accepts a published real code and computes its check character', () => {
    // 华为技术有限公司, as printed on its business licence.
    expect(isValidCreditCode('914403001922038216')).toBe(true);
    expect(creditCodeCheckChar('91440300192203821')).toBe('6');
  });

  it('refuses a wrong check character, a wrong length and letters outside the alphabet', () => {
    expect(isValidCreditCode('914403001922038217')).toBe(false);
    expect(isValidCreditCode('91440300192203821')).toBe(false);
    expect(isValidCreditCode('9144030019220382I6')).toBe(false);
  });
});
