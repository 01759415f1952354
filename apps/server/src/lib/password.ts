import { hash, verify } from '@node-rs/argon2';
import { isCommonPassword } from './common-passwords.js';
import { Invalid } from './errors.js';

// argon2id with the OWASP ASVS minimum: m=19456 KiB, t=2, p=1 (algorithm 2 = Argon2id).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

/** A hash of nothing in particular, verified for unknown users so both paths take as long. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | undefined, password: string) {
  if (!storedHash) {
    decoyHash ??= hashPassword('decoy-password-for-timing');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

/**
 * The policy's shape (letters and digits) is checked by the contract; these two need more
 * than the password itself: it must not contain the account's username, nor be a well-known one.
 */
export function assertPasswordNotGuessable(password: string, username: string) {
  const lower = password.toLowerCase();
  if (username.length >= 3 && lower.includes(username.trim().toLowerCase()))
    throw new Invalid('password', '密码不能包含用户名');
  if (isCommonPassword(password))
    throw new Invalid('password', '密码过于常见，容易被猜中，请换一个');
}
