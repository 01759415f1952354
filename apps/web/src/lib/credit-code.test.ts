import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, isValidCreditCode } from './credit-code';

describe('isValidCreditCode', () => {
  it('accepts codes whose last character is the GB 32100 check character', () => {
    // Published codes of well-known companies.
    expect(isValidCreditCode('91110000100010433L')).toBe(true);
    expect(isValidCreditCode('91350100M000100Y43')).toBe(true);
    expect(creditCodeCheckChar('91330106MA2B00001')).toHaveLength(1);
  });

  it('refuses a wrong check character, a wrong length and letters outside the alphabet', () => {
    expect(isValidCreditCode('91110000100010433M')).toBe(false);
    expect(isValidCreditCode('91110000100010433')).toBe(false);
    expect(isValidCreditCode('9111000010001043IL')).toBe(false);
    expect(isValidCreditCode('91110000100010433l')).toBe(false);
  });
});
