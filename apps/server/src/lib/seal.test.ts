import { describe, expect, it } from 'vitest';
import {
  canonicalBid,
  deriveMasterKey,
  masterKeyFingerprint,
  newNonce,
  seal,
  sha256Hex,
  unseal,
} from './seal.js';

const master = deriveMasterKey('a'.repeat(43));

describe('bid sealing', () => {
  it('round-trips a bid and keeps nothing of the plaintext in the blob', () => {
    const plain = Buffer.from('{"totalPrice":"1234567.89"}');
    const blob = seal(master, plain, 'bid:1:7:1');
    expect(JSON.stringify(blob)).not.toContain('1234567');
    expect(unseal(master, blob, 'bid:1:7:1').toString()).toBe(plain.toString());
  });

  it('refuses the wrong key, an altered blob and a blob moved to another bid', () => {
    const blob = seal(master, Buffer.from('secret'), 'bid:1:7:1');
    expect(() => unseal(deriveMasterKey('b'.repeat(43)), blob, 'bid:1:7:1')).toThrow();
    expect(() => unseal(master, blob, 'bid:1:8:1')).toThrow();
    const altered = { ...blob, ct: Buffer.from('sekret').toString('base64') };
    expect(() => unseal(master, altered, 'bid:1:7:1')).toThrow();
  });

  it('uses a fresh key and IV each time, so equal prices give unequal blobs', () => {
    const a = seal(master, Buffer.from('100.00'), 'x');
    const b = seal(master, Buffer.from('100.00'), 'x');
    expect(a.ct).not.toBe(b.ct);
    expect(a.wk).not.toBe(b.wk);
  });

  it('fingerprints the master key stably and differently per key', () => {
    expect(masterKeyFingerprint(master)).toBe(
      masterKeyFingerprint(deriveMasterKey('a'.repeat(43))),
    );
    expect(masterKeyFingerprint(master)).not.toBe(
      masterKeyFingerprint(deriveMasterKey('c'.repeat(43))),
    );
  });

  it('digests a canonical form whose key order does not matter, with a 256-bit nonce', () => {
    const nonce = newNonce();
    expect(nonce).toMatch(/^[0-9a-f]{64}$/);
    const one = canonicalBid({ totalPrice: '100.00', nonce, currency: 'CNY' });
    const two = canonicalBid({ currency: 'CNY', nonce, totalPrice: '100.00' });
    expect(one).toBe(two);
    expect(sha256Hex(one)).toBe(sha256Hex(two));
    // The FIPS 180-2 vector: the digest is plain SHA-256, so `sha256sum` reproduces it.
    expect(sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
