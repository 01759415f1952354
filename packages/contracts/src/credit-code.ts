// GB 32100-2015 unified social credit code: 18 characters from this alphabet (no I, O, S, V, Z),
// the last one a check character over the first 17.
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
export const CREDIT_CODE_SHAPE = /^[0-9A-HJ-NPQRTUWXY]{18}$/;

/** The check character the first 17 characters call for. */
export function creditCodeCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = ALPHABET.indexOf(first17[i]!);
    if (value < 0) throw new Error(`invalid character at ${i}`);
    sum += value * WEIGHTS[i]!;
  }
  return ALPHABET[(31 - (sum % 31)) % 31]!;
}

/** Whether `code` (upper case, no spaces) is a well-formed code with the right check character. */
export function isValidCreditCode(code: string): boolean {
  return CREDIT_CODE_SHAPE.test(code) && creditCodeCheckChar(code.slice(0, 17)) === code[17];
}
