import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { passwordGuessProblem } from '@tender/contracts';
import { Invalid } from './errors.js';

// argon2id with the OWASP ASVS minimum: m=19456 KiB, t=2, p=1 (algorithm 2 = Argon2id).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most one hash per core at a time; the others queue. Each takes 19 MB and a core for
 * ~13 ms: libuv's four threads running four at once on two cores were no faster (93/s against
 * 98/s measured side by side) and held twice the memory at the peak of a login burst.
 */
const HASHES_AT_ONCE = Math.max(1, availableParallelism());
let hashing = 0;
const waiting: (() => void)[] = [];

async function oneAtATimePerCore<T>(work: () => Promise<T>): Promise<T> {
  if (hashing >= HASHES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else hashing++;
  try {
    return await work();
  } finally {
    // The freed slot passes straight to the next in line (the count stays), or is released.
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

export const hashPassword = (password: string) => oneAtATimePerCore(() => hash(password, OPTIONS));

/** A hash of nothing in particular, verified for unknown users so both paths take as long. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | undefined, password: string) {
  if (!storedHash) {
    decoyHash ??= hashPassword('decoy-password-for-timing');
    const decoy = await decoyHash;
    await oneAtATimePerCore(() => verify(decoy, password)).catch(() => false);
    return false;
  }
  return oneAtATimePerCore(() => verify(storedHash, password)).catch(() => false);
}

/**
 * The policy's shape (letters and digits) is checked by the contract; these two need more
 * than the password itself: it must not contain the account's username, nor be a well-known one
 * (contracts' password.ts, which the forms' hint and strength meter read too).
 */
export function assertPasswordNotGuessable(password: string, username: string) {
  const problem = passwordGuessProblem(password, username);
  if (problem) throw new Invalid('password', problem);
}
