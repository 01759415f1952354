/**
 * The password policy, stated once: the hint a person reads before typing, the checks the server
 * applies (the contract's `newPassword` and the two that need the username), and the strength
 * meter, which never says 强 for a password the server refuses. No zod: the register page draws
 * its meter before zod loads.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

/** Every rule, in the words of the refusals below: shown under the field before anything is sent. */
export const PASSWORD_HINT =
  `${PASSWORD_MIN_LENGTH}–${PASSWORD_MAX_LENGTH} 位，须同时包含字母和数字；` +
  '不能包含用户名，不能是常见密码（如 Abc12345、Admin@123）';

export const HAS_LETTER = /[A-Za-z]/;
export const HAS_DIGIT = /\d/;
/** NUL and the other control characters; tab, line feed and carriage return stay allowed. */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const CONTROL_CHARACTERS_MESSAGE = '不能包含控制字符（如 NUL）';

export const PASSWORD_MESSAGES = {
  empty: '密码不能为空',
  tooShort: `密码至少 ${PASSWORD_MIN_LENGTH} 个字符`,
  tooLong: `密码最多 ${PASSWORD_MAX_LENGTH} 个字符`,
  noLetter: '密码必须包含字母',
  noDigit: '密码必须包含数字',
  controlCharacter: CONTROL_CHARACTERS_MESSAGE,
  containsUsername: '密码不能包含用户名',
  common: '密码过于常见，容易被猜中，请换一个',
} as const;

/**
 * Passwords that pass the letters-and-digits policy yet sit near the top of every leaked-password
 * list (SecLists' most common, and the Chinese favourites). Compared in lower case with
 * punctuation removed, so "Admin@123" counts as "admin123".
 */
const COMMON_PASSWORDS = new Set([
  'password1',
  'password12',
  'password123',
  'password1234',
  'passw0rd',
  'passw0rd1',
  'pa55word',
  'p4ssword',
  'abc12345',
  'abc123456',
  'abcd1234',
  'abcd12345',
  'a1234567',
  'a12345678',
  'a123456789',
  'aa123456',
  'aa12345678',
  'aaa12345',
  'qwe12345',
  'qwer1234',
  'qwerty12',
  'qwerty123',
  'qwerty1234',
  'qwertyu1',
  'asdf1234',
  'asd12345',
  'zxcv1234',
  'zxcvbnm1',
  '1qaz2wsx',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'q1w2e3r4',
  'q1w2e3r4t5',
  '1234qwer',
  '12345qwe',
  '123456a',
  '1234567a',
  '12345678a',
  '123456789a',
  '123456abc',
  '123abc456',
  'abc123abc',
  'admin123',
  'admin1234',
  'admin12345',
  'admin888',
  'admin8888',
  'administrator1',
  'root1234',
  'test1234',
  'test12345',
  'welcome1',
  'welcome123',
  'letmein1',
  'iloveyou1',
  'monkey123',
  'dragon123',
  'master123',
  'sunshine1',
  'princess1',
  'football1',
  'baseball1',
  'superman1',
  'trustno1',
  'changeme1',
  'secret123',
  'hello123',
  'hello1234',
  'woaini1314',
  'woaini520',
  'wang1234',
  'li123456',
  'zhang123',
  'qq123456',
  'qq1234567',
  'a5201314',
  'aa5201314',
  'iloveyou520',
  'china123',
  'beijing123',
  'huawei123',
  'huawei1234',
  'user1234',
  'guest123',
  'login123',
  'system123',
  'manager123',
  'bidder123',
  'tender123',
  'company123',
]);

export const isCommonPassword = (password: string) =>
  COMMON_PASSWORDS.has(password.toLowerCase().replace(/[^a-z0-9]/g, ''));

/** Usernames shorter than this are not looked for inside the password (too many false alarms). */
const USERNAME_CHECKED_FROM = 3;

/** What makes a password guessable beyond its shape: the account's username in it, or a common one. */
export function passwordGuessProblem(password: string, username = ''): string | null {
  const name = username.trim().toLowerCase();
  if (name.length >= USERNAME_CHECKED_FROM && password.toLowerCase().includes(name))
    return PASSWORD_MESSAGES.containsUsername;
  if (isCommonPassword(password)) return PASSWORD_MESSAGES.common;
  return null;
}

/** The shape the contract's `newPassword` checks: length, a letter, a digit, no control character. */
export function passwordShapeProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_MESSAGES.tooShort;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_MESSAGES.tooLong;
  if (!HAS_LETTER.test(password)) return PASSWORD_MESSAGES.noLetter;
  if (!HAS_DIGIT.test(password)) return PASSWORD_MESSAGES.noDigit;
  if (CONTROL_CHARACTERS.test(password)) return PASSWORD_MESSAGES.controlCharacter;
  return null;
}

/** The first rule a new password breaks, in the server's words; null when the server accepts it. */
export const passwordProblem = (password: string, username = '') =>
  passwordShapeProblem(password) ?? passwordGuessProblem(password, username);

export type PasswordStrength = 0 | 1 | 2;

/**
 * 0 弱, 1 中, 2 强. A password the server would refuse is 弱 whatever it looks like; an accepted
 * one is 强 with three of the four kinds (lower case, upper case, digits, others), else 中.
 */
export function passwordStrength(password: string, username = ''): PasswordStrength {
  if (passwordProblem(password, username)) return 0;
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  return kinds >= 3 ? 2 : 1;
}
