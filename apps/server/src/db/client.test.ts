import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BYTEA_AS_HEX } from './client.js';
import { withNamedStatements } from './pglite-statements.js';

let plain: PGlite;
let ours: PGlite;

beforeAll(async () => {
  plain = await PGlite.create();
  ours = await PGlite.create(BYTEA_AS_HEX);
});
afterAll(async () => {
  await plain.close();
  await ours.close();
});

/** Every byte value, inside a larger buffer (a view with an offset, as Node's pooled buffers are). */
function everyByte() {
  const backing = new Uint8Array(600);
  for (let i = 0; i < backing.length; i++) backing[i] = (i * 7) % 256;
  return backing.subarray(37, 37 + 512);
}

describe('bytea on PGlite through Node’s hex codec', () => {
  it('writes the very text PGlite’s own serializer writes', () => {
    const bytes = everyByte();
    expect(BYTEA_AS_HEX.serializers[types.BYTEA](bytes)).toBe(
      plain.serializers[types.BYTEA]!(bytes),
    );
    expect(() => BYTEA_AS_HEX.serializers[types.BYTEA]('text')).toThrow(/bytea/);
  });

  it('stores and reads back every byte value, by PGlite’s path and by named statements', async () => {
    const bytes = everyByte();
    for (const db of [ours, withNamedStatements(ours)]) {
      const { rows } = await db.query<{ b: Uint8Array; n: number; h: string }>(
        `select $1::bytea as b, length($1::bytea) as n, encode(sha256($1::bytea), 'hex') as h`,
        [bytes],
      );
      expect(Buffer.from(rows[0]!.b).equals(Buffer.from(bytes))).toBe(true);
      expect(rows[0]!.n).toBe(512);
      const { rows: theirs } = await plain.query<{ h: string }>(
        `select encode(sha256($1::bytea), 'hex') as h`,
        [bytes],
      );
      expect(rows[0]!.h).toBe(theirs[0]!.h);
    }
  });
});
