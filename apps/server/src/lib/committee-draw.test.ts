import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawOrder, drawSeats, eligibleDigest, newDrawSeed } from './committee-draw.js';

const seedOf = (n: number) => createHash('sha256').update(`seed ${n}`).digest('hex');

describe('the committee draw', () => {
  it('gives the same committee for the same seed and eligible list, in any order it was listed', () => {
    const seed = seedOf(1);
    const one = drawSeats(seed, [7, 3, 12, 5, 9, 21, 4], { members: 5, standbys: 2 });
    const again = drawSeats(seed, [21, 12, 9, 7, 5, 4, 3], { members: 5, standbys: 2 });
    expect(again).toEqual(one);
    expect([...one.members, ...one.standbys].sort((a, b) => a - b)).toEqual([
      3, 4, 5, 7, 9, 12, 21,
    ]);
    expect(one.eligibleDigest).toBe(createHash('sha256').update('3,4,5,7,9,12,21').digest('hex'));
  });

  it('is pinned: a known seed and list give the order an independent implementation gives', () => {
    // Worked out with Python's hmac/hashlib from the description above (HMAC-SHA-256 over a
    // 4-byte big-endian counter, 32-bit words, rejection sampling, Fisher–Yates from the end).
    expect(drawOrder('00'.repeat(31) + '01', [1, 2, 3, 4, 5, 6, 7])).toEqual([2, 6, 1, 7, 3, 5, 4]);
    // A changed list changes the record's digest; another seed, the order.
    expect(eligibleDigest([1, 2, 3])).not.toBe(eligibleDigest([1, 2, 4]));
    const orders = new Set(
      Array.from({ length: 20 }, (_, n) => drawOrder(seedOf(n), [1, 2, 3, 4, 5, 6, 7]).join()),
    );
    expect(orders.size).toBeGreaterThan(15);
  });

  it('never draws an expert who is not eligible, over 200 seeds', () => {
    const eligible = [2, 3, 5, 8, 13, 21, 34];
    for (let n = 0; n < 200; n++) {
      const { members, standbys } = drawSeats(seedOf(n), eligible, { members: 5, standbys: 2 });
      for (const id of [...members, ...standbys]) expect(eligible).toContain(id);
      expect(new Set([...members, ...standbys]).size).toBe(7);
    }
  });

  it('favours nobody: each of three experts comes first about a third of the time', () => {
    const first = new Map<number, number>();
    for (let n = 0; n < 3000; n++) {
      const [head] = drawOrder(seedOf(n), [10, 20, 30]);
      first.set(head!, (first.get(head!) ?? 0) + 1);
    }
    // Binomial(3000, 1/3): mean 1000, σ ≈ 26; ±150 is beyond five σ.
    for (const id of [10, 20, 30]) expect(Math.abs((first.get(id) ?? 0) - 1000)).toBeLessThan(150);
  });

  it('seeds are 256 bits from the secure source and refuses any other length', () => {
    const seed = newDrawSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(newDrawSeed()).not.toBe(seed);
    expect(() => drawOrder('abcd', [1, 2])).toThrow(/256 bits/);
  });
});
