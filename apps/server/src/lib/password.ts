import { hash, verify } from '@node-rs/argon2';

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
