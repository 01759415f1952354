import { availableParallelism } from 'node:os';
import type * as Argon2 from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';

// The real argon2, wrapped to count the hashes running at once.
const running = { now: 0, most: 0 };
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof Argon2>();
  const counted =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      running.most = Math.max(running.most, ++running.now);
      try {
        return await fn(...args);
      } finally {
        running.now--;
      }
    };
  return { ...real, hash: counted(real.hash), verify: counted(real.verify) };
});

const { hashPassword, verifyPassword } = await import('./password.js');

describe('password hashing', () => {
  it('runs at most one hash per core at a time, and every caller gets its own answer', async () => {
    const stored = await hashPassword('Right-pass-1');
    running.most = 0;
    const tries = Array.from({ length: availableParallelism() * 3 + 1 }, (_, i) =>
      i % 2 ? 'Right-pass-1' : `Wrong-pass-${i}`,
    );
    const answers = await Promise.all(tries.map((password) => verifyPassword(stored, password)));
    expect(answers).toEqual(tries.map((password) => password === 'Right-pass-1'));
    expect(running.most).toBe(Math.min(availableParallelism(), tries.length));
    expect(running.now).toBe(0);
  });

  it('spends a hash on an unknown user too, and refuses it', async () => {
    running.most = 0;
    expect(await verifyPassword(undefined, 'Any-pass-1')).toBe(false);
    expect(running.most).toBeGreaterThan(0);
  });
});
