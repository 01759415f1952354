import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The random draw of an evaluation committee (EVALUATION.md §2, "The draw is random and can be
 * re-checked"): a 256-bit seed from the system's secure random source; the eligible experts
 * sorted by id, recorded by the SHA-256 digest of that list; a Fisher–Yates shuffle driven by
 * the stream HMAC-SHA-256(seed, counter). Anyone holding the seed and the list recomputes the
 * order (verify-draw): the first seats are members, the next standbys.
 */

/** A fresh 256-bit seed, hex. */
export const newDrawSeed = () => randomBytes(32).toString('hex');

/** The eligible list as the draw reads it: ids ascending, each once. */
export const orderedEligible = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);

/** SHA-256 (hex) of the ordered eligible ids written as `1,4,9`: what the record keeps. */
export const eligibleDigest = (ids: readonly number[]) =>
  createHash('sha256').update(orderedEligible(ids).join(',')).digest('hex');

/**
 * Uniform integers below a bound from HMAC-SHA-256(seed, counter), the counter a 4-byte
 * big-endian number from 0. Each block gives eight 32-bit words; a word at or above the largest
 * multiple of the bound is skipped, so no value is favoured.
 */
function uniformStream(seedHex: string) {
  const key = Buffer.from(seedHex, 'hex');
  if (key.length !== 32) throw new Error('the draw seed must be 256 bits (64 hex digits)');
  let counter = 0;
  let block = Buffer.alloc(0);
  let offset = 0;
  const nextWord = () => {
    if (offset >= block.length) {
      const message = Buffer.alloc(4);
      message.writeUInt32BE(counter++);
      block = createHmac('sha256', key).update(message).digest();
      offset = 0;
    }
    const word = block.readUInt32BE(offset);
    offset += 4;
    return word;
  };
  return (bound: number) => {
    const limit = Math.floor(0x1_0000_0000 / bound) * bound;
    for (;;) {
      const word = nextWord();
      if (word < limit) return word % bound;
    }
  };
}

/** The eligible ids in drawn order: Fisher–Yates from the last place down, j uniform in 0…i. */
export function drawOrder(seedHex: string, eligibleIds: readonly number[]): number[] {
  const order = orderedEligible(eligibleIds);
  const below = uniformStream(seedHex);
  for (let i = order.length - 1; i > 0; i--) {
    const j = below(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

/** The committee's experts and standbys from a draw; too few eligible is the caller's 409. */
export function drawSeats(
  seedHex: string,
  eligibleIds: readonly number[],
  seats: { members: number; standbys: number },
) {
  const order = drawOrder(seedHex, eligibleIds);
  return {
    members: order.slice(0, seats.members),
    standbys: order.slice(seats.members, seats.members + seats.standbys),
    eligibleDigest: eligibleDigest(eligibleIds),
  };
}
