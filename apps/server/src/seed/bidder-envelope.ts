import { webcrypto } from 'node:crypto';
import { MIN_PBKDF2_ITERATIONS, type BidderSealed } from '@tender/contracts';

/**
 * What a bidder's browser does (API.md, "A bidder-sealed bid"), in Node's Web Crypto: for the
 * demo data and the tests. The server itself never makes or unwraps an envelope.
 *
 * - a fresh 32-byte content key; the quotation JSON encrypted with it (AES-256-GCM, 12-byte IV,
 *   the tag after the ciphertext);
 * - the content key wrapped by AES-256-GCM under a key derived from the passphrase with
 *   PBKDF2-SHA-256 (random salt, at least 600,000 iterations);
 * - each attachment encrypted with the same content key as 12-byte IV || ciphertext || tag.
 */
const subtle = webcrypto.subtle;
const b64 = (bytes: Uint8Array | ArrayBuffer) =>
  Buffer.from(bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes).toString('base64');
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));
const random = (n: number) => webcrypto.getRandomValues(new Uint8Array(n));

export interface PlainQuotation {
  totalPrice: number | string;
  currency?: string;
  deliveryDays: number;
  warrantyMonths: number;
  remark?: string;
  fileIds: number[];
}

/** PBKDF2 at 600,000 iterations takes a noticeable moment: one derivation per passphrase+salt. */
const derived = new Map<string, Promise<webcrypto.CryptoKey>>();
export function passphraseKey(passphrase: string, salt: Uint8Array, iterations: number) {
  const id = `${passphrase}\u0000${b64(salt)}\u0000${iterations}`;
  let key = derived.get(id);
  if (!key) {
    key = (async () => {
      const base = await subtle.importKey('raw', Buffer.from(passphrase, 'utf8'), 'PBKDF2', false, [
        'deriveKey',
      ]);
      return subtle.deriveKey(
        { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
        base,
        { name: 'AES-GCM', length: 256 },
        false,
        ['encrypt', 'decrypt'],
      );
    })();
    derived.set(id, key);
  }
  return key;
}

const aesKey = (raw: Uint8Array) =>
  subtle.importKey('raw', raw, { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);

export const newContentKey = () => random(32);

/** The envelope of a quotation (and the content key, which only the bidder keeps). */
export async function sealQuotation(
  quotation: PlainQuotation | string,
  passphrase: string,
  options: { contentKey?: Uint8Array; salt?: Uint8Array; iterations?: number } = {},
): Promise<{ sealed: BidderSealed; contentKey: Uint8Array }> {
  const contentKey = options.contentKey ?? newContentKey();
  const salt = options.salt ?? random(16);
  const iterations = options.iterations ?? MIN_PBKDF2_ITERATIONS;
  const plain = typeof quotation === 'string' ? quotation : JSON.stringify(quotation);
  const iv = random(12);
  const ciphertext = await subtle.encrypt(
    { name: 'AES-GCM', iv },
    await aesKey(contentKey),
    Buffer.from(plain, 'utf8'),
  );
  const wrapIv = random(12);
  const wrappedKey = await subtle.encrypt(
    { name: 'AES-GCM', iv: wrapIv },
    await passphraseKey(passphrase, salt, iterations),
    contentKey,
  );
  return {
    contentKey,
    sealed: {
      alg: 'A256GCM',
      ciphertext: b64(ciphertext),
      iv: b64(iv),
      wrappedKey: b64(wrappedKey),
      wrapIv: b64(wrapIv),
      salt: b64(salt),
      iterations,
    },
  };
}

/** What the browser does at the opening: the passphrase unwraps the content key. */
export async function unwrapContentKey(sealed: BidderSealed, passphrase: string) {
  const key = await passphraseKey(passphrase, bytesOf(sealed.salt), sealed.iterations);
  const raw = await subtle.decrypt(
    { name: 'AES-GCM', iv: bytesOf(sealed.wrapIv) },
    key,
    bytesOf(sealed.wrappedKey),
  );
  return new Uint8Array(raw);
}

/** An attachment as uploaded with purpose=sealed-bid: 12-byte IV || ciphertext || tag. */
export async function encryptFile(plain: Uint8Array, contentKey: Uint8Array): Promise<Buffer> {
  const iv = random(12);
  const ciphertext = await subtle.encrypt({ name: 'AES-GCM', iv }, await aesKey(contentKey), plain);
  return Buffer.concat([iv, new Uint8Array(ciphertext)]);
}

export const contentKeyText = (contentKey: Uint8Array) => b64(contentKey);
