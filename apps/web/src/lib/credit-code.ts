// GB 32100-2015 unified social credit code: 18 characters from this alphabet (no I, O, S, V, Z),
// the last one a check character over the first 17. The server checks it again on save.
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const SHAPE = /^[0-9A-HJ-NPQRTUWXY]{18}$/;

/** The check character the first 17 characters call for. */
export function creditCodeCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += ALPHABET.indexOf(first17[i]!) * WEIGHTS[i]!;
  return ALPHABET[(31 - (sum % 31)) % 31]!;
}

/** Whether `code` (upper case, no spaces) is a well-formed code with the right check digit. */
export function isValidCreditCode(code: string): boolean {
  return SHAPE.test(code) && creditCodeCheckChar(code.slice(0, 17)) === code[17];
}
