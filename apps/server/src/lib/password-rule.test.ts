import { describe, expect, it } from 'vitest';
import {
  newPassword,
  PASSWORD_HINT,
  PASSWORD_MESSAGES,
  passwordProblem,
  passwordShapeProblem,
  passwordStrength,
} from '@tender/contracts';
import { assertPasswordNotGuessable } from './password.js';

/** What the server answers for a new password of `username`: the contract, then the two checks. */
function serverVerdict(password: string, username: string): string | null {
  const shape = newPassword.safeParse(password);
  if (!shape.success) return shape.error.issues[0]?.message ?? 'refused';
  try {
    assertPasswordNotGuessable(password, username);
    return null;
  } catch (error) {
    return (error as Error & { data?: { fields: { message: string }[] } }).data!.fields[0]!.message;
  }
}

const SAMPLES = [
  '',
  'short1',
  'abcdefgh',
  '12345678',
  'Abc12345',
  'Admin@123',
  'admin123',
  'P@ssw0rd',
  'zhangsan2026',
  'Zhangsan@2026',
  'Tender#Bid2026',
  'correct horse 7',
  'Kx8$mQ2vLp',
  `a1${'x'.repeat(63)}`,
  'ab\u0000cd1234',
];

describe('the password rule shared by the server and the forms', () => {
  it.each(SAMPLES)('judges %j as the server does', (password) => {
    expect(passwordProblem(password, 'zhangsan')).toBe(serverVerdict(password, 'zhangsan'));
  });

  it('refuses the username inside the password, whatever its case, from three characters', () => {
    expect(passwordProblem('Zhangsan@2026', 'zhangsan')).toBe(PASSWORD_MESSAGES.containsUsername);
    expect(passwordProblem('Zhangsan@2026', ' ZHANGSAN ')).toBe(PASSWORD_MESSAGES.containsUsername);
    expect(passwordProblem('ab2026xyzQ', 'ab')).toBeNull();
  });

  it('refuses a common password once its punctuation and case are set aside', () => {
    expect(passwordProblem('Admin@123')).toBe(PASSWORD_MESSAGES.common);
    expect(passwordProblem('QWER1234')).toBe(PASSWORD_MESSAGES.common);
  });

  it('checks the shape with the same messages as the contract', () => {
    for (const password of SAMPLES) {
      const parsed = newPassword.safeParse(password);
      expect(passwordShapeProblem(password)).toBe(
        parsed.success ? null : (parsed.error.issues[0]?.message ?? null),
      );
    }
  });

  it('states every rule in the hint', () => {
    for (const words of ['8–64', '字母', '数字', '不能包含用户名', '常见密码'])
      expect(PASSWORD_HINT).toContain(words);
  });
});

describe('the strength meter', () => {
  it.each(SAMPLES)('never says 强 (or 中) for %j when the server refuses it', (password) => {
    if (serverVerdict(password, 'zhangsan') !== null)
      expect(passwordStrength(password, 'zhangsan')).toBe(0);
  });

  it('says 中 for an accepted password of two kinds and 强 for three or four', () => {
    expect(passwordStrength('tender2026go', 'zhangsan')).toBe(1);
    expect(passwordStrength('Tender2026go', 'zhangsan')).toBe(2);
    expect(passwordStrength('Kx8$mQ2vLp', 'zhangsan')).toBe(2);
  });

  it('drops to 弱 once the password holds the username typed in the form', () => {
    expect(passwordStrength('Zhangsan@2026', '')).toBe(2);
    expect(passwordStrength('Zhangsan@2026', 'zhangsan')).toBe(0);
  });
});
