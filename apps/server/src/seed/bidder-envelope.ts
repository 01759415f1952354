import { MIN_PBKDF2_ITERATIONS, type BidderSealed } from '@tender/contracts';
import {
  encryptFileBytes,
  fromBase64,
  newContentKey,
  pbkdf2Sha256,
  sealPlaintext,
  toBase64,
  unwrapWithKey,
  type Bytes,
} from '@tender/contracts/bidder-sealing';

/**
 * What a bidder's browser does (API.md, "A bidder-sealed bid"), with the browser's own code
 * (packages/contracts/src/bidder-sealing.ts): for the demo data and the tests. The server
 * itself never makes or unwraps an envelope. Here a seal may take any plaintext (the tests
 * send malformed ones) and a fixed salt, whose PBKDF2 key is then derived once.
 */

export interface PlainQuotation {
  totalPrice: number | string;
  currency?: string;
  deliveryDays: number;
  warrantyMonths: number;
  remark?: string;
  fileIds: number[];
}

// A copy backed by an ArrayBuffer, as Web Crypto's typings want (a Buffer may share a pool).
const bytes = (view: Uint8Array): Bytes => new Uint8Array(view);

/** PBKDF2 at 600,000 iterations takes a noticeable moment: one derivation per passphrase+salt. */
const derived = new Map<string, Promise<Bytes>>();
function passphraseKey(passphrase: string, salt: Uint8Array, iterations: number) {
  const id = `${passphrase}\u0000${toBase64(salt)}\u0000${iterations}`;
  let key = derived.get(id);
  if (!key) {
    key = pbkdf2Sha256(passphrase, bytes(salt), iterations);
    derived.set(id, key);
  }
  return key;
}

/** The envelope of a quotation (and the content key, which only the bidder keeps). */
export async function sealQuotation(
  quotation: PlainQuotation | string,
  passphrase: string,
  options: { contentKey?: Uint8Array; salt?: Uint8Array; iterations?: number } = {},
): Promise<{ sealed: BidderSealed; contentKey: Uint8Array }> {
  const contentKey = options.contentKey ? bytes(options.contentKey) : newContentKey();
  const iterations = options.iterations ?? MIN_PBKDF2_ITERATIONS;
  const salt = options.salt ? bytes(options.salt) : undefined;
  const plain = typeof quotation === 'string' ? quotation : JSON.stringify(quotation);
  const sealed = await sealPlaintext(new TextEncoder().encode(plain), contentKey, passphrase, {
    iterations,
    salt,
    wrappingKey: salt && (await passphraseKey(passphrase, salt, iterations)),
  });
  return { contentKey, sealed };
}

/** What the browser does at the opening: the passphrase unwraps the content key. */
export async function unwrapContentKey(sealed: BidderSealed, passphrase: string) {
  const key = await passphraseKey(passphrase, fromBase64(sealed.salt), sealed.iterations);
  return unwrapWithKey(sealed, key);
}

/** An attachment as uploaded with purpose=sealed-bid: 12-byte IV || ciphertext || tag. */
export async function encryptFile(plain: Uint8Array, contentKey: Uint8Array): Promise<Buffer> {
  return Buffer.from(await encryptFileBytes(bytes(plain), bytes(contentKey)));
}

export const contentKeyText = (contentKey: Uint8Array) => toBase64(contentKey);
