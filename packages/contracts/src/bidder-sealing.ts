import {
  MIN_PBKDF2_ITERATIONS,
  sealedQuotation,
  type BidderSealed,
  type SealedQuotation,
} from './bid.js';

/**
 * Bidder-side sealing, the open format of API.md ("A bidder-sealed bid"), in Web Crypto alone
 * (`globalThis.crypto.subtle`: browsers, their workers, Node 20): the quotation JSON is
 * encrypted with AES-256-GCM under a fresh 32-byte content key, and that key is wrapped with
 * AES-256-GCM under a key derived from the bidder's passphrase by PBKDF2-SHA-256. The server
 * never sees the passphrase or the content key before the opening. One implementation for the
 * web (in its crypto worker) and the server's demo data and tests; the vectors are beside it.
 */

export const CONTENT_KEY_BYTES = 32;
export const IV_BYTES = 12;
export const SALT_BYTES = 16;
/** The contract's minimum; more would only slow the opening for every bidder. */
export const PBKDF2_ITERATIONS = MIN_PBKDF2_ITERATIONS;

/** The passphrase (or envelope) does not open this bid: GCM's tag did not verify. */
export class WrongKeyError extends Error {
  override name = 'WrongKeyError';
}

// Web Crypto's typings want ArrayBuffer-backed views; ours always are.
export type Bytes = Uint8Array<ArrayBuffer>;

const subtle = () => globalThis.crypto.subtle;
export const randomBytes = (length: number): Bytes =>
  globalThis.crypto.getRandomValues(new Uint8Array(length));

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode(...) on a large array overflows the call stack.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function fromBase64(text: string): Bytes {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const aesKey = (raw: Bytes, usage: 'encrypt' | 'decrypt') =>
  subtle().importKey('raw', raw, { name: 'AES-GCM' }, false, [usage]);

const gcm = (iv: Bytes, additionalData?: Bytes) => ({
  name: 'AES-GCM',
  iv,
  ...(additionalData && { additionalData }),
});

/** AES-256-GCM encryption: ciphertext with the 16-byte tag appended (Web Crypto's layout). */
export async function aesGcmEncrypt(
  key: Bytes,
  iv: Bytes,
  plaintext: Bytes,
  additionalData?: Bytes,
): Promise<Bytes> {
  const sealed = await subtle().encrypt(
    gcm(iv, additionalData),
    await aesKey(key, 'encrypt'),
    plaintext,
  );
  return new Uint8Array(sealed);
}

/** AES-256-GCM decryption; a wrong key or altered bytes throw WrongKeyError. */
export async function aesGcmDecrypt(
  key: Bytes,
  iv: Bytes,
  sealed: Bytes,
  additionalData?: Bytes,
): Promise<Bytes> {
  const cryptoKey = await aesKey(key, 'decrypt');
  try {
    return new Uint8Array(await subtle().decrypt(gcm(iv, additionalData), cryptoKey, sealed));
  } catch {
    throw new WrongKeyError('密钥不正确或密文已被改动');
  }
}

/** PBKDF2-HMAC-SHA-256 of the passphrase's UTF-8 bytes, exactly as typed (docs/sealed-bids.md). */
export async function pbkdf2Sha256(
  passphrase: string,
  salt: Bytes,
  iterations: number,
  bytes = 32,
): Promise<Bytes> {
  const secret = new TextEncoder().encode(passphrase);
  const base = await subtle().importKey('raw', secret, 'PBKDF2', false, ['deriveBits']);
  const bits = await subtle().deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    base,
    bytes * 8,
  );
  return new Uint8Array(bits);
}

/** A fresh random content key (one per submission). */
export const newContentKey = () => randomBytes(CONTENT_KEY_BYTES);

/**
 * The plaintext of a quotation: the UTF-8 JSON of the sealed fields, the price as text with two
 * decimals, as docs/sealed-bids.md shows it (one meaning, no float).
 */
export function quotationPlaintext(quotation: SealedQuotation): Bytes {
  const { totalPrice, currency, deliveryDays, warrantyMonths, remark, fileIds } = quotation;
  return new TextEncoder().encode(
    JSON.stringify({
      totalPrice: totalPrice.toFixed(2),
      currency,
      deliveryDays,
      warrantyMonths,
      remark,
      fileIds,
    }),
  );
}

/** What a seal may be given instead of fresh random values: for test vectors and demo data. */
export interface SealOptions {
  iterations?: number;
  salt?: Bytes;
  iv?: Bytes;
  wrapIv?: Bytes;
  /** The passphrase's PBKDF2 key for this salt and count, where the caller already has it. */
  wrappingKey?: Bytes;
}

/** The contract's `sealed` object of any plaintext: encrypted under `contentKey`, the key wrapped. */
export async function sealPlaintext(
  plaintext: Bytes,
  contentKey: Bytes,
  passphrase: string,
  options: SealOptions = {},
): Promise<BidderSealed> {
  const iterations = options.iterations ?? PBKDF2_ITERATIONS;
  const salt = options.salt ?? randomBytes(SALT_BYTES);
  const iv = options.iv ?? randomBytes(IV_BYTES);
  const wrapIv = options.wrapIv ?? randomBytes(IV_BYTES);
  const wrappingKey = options.wrappingKey ?? (await pbkdf2Sha256(passphrase, salt, iterations));
  return {
    alg: 'A256GCM',
    ciphertext: toBase64(await aesGcmEncrypt(contentKey, iv, plaintext)),
    iv: toBase64(iv),
    wrappedKey: toBase64(await aesGcmEncrypt(wrappingKey, wrapIv, contentKey)),
    wrapIv: toBase64(wrapIv),
    salt: toBase64(salt),
    iterations,
  };
}

/** Seals a quotation under `contentKey`, the key wrapped under the passphrase. */
export const sealQuotation = (
  quotation: SealedQuotation,
  contentKey: Bytes,
  passphrase: string,
  iterations = PBKDF2_ITERATIONS,
) => sealPlaintext(quotationPlaintext(quotation), contentKey, passphrase, { iterations });

/** The content key from the passphrase's PBKDF2 key; a wrong one throws WrongKeyError. */
export const unwrapWithKey = (sealed: BidderSealed, wrappingKey: Bytes) =>
  aesGcmDecrypt(wrappingKey, fromBase64(sealed.wrapIv), fromBase64(sealed.wrappedKey));

/** The content key from the passphrase; a wrong passphrase throws WrongKeyError. */
export async function unwrapContentKey(sealed: BidderSealed, passphrase: string): Promise<Bytes> {
  const wrappingKey = await pbkdf2Sha256(passphrase, fromBase64(sealed.salt), sealed.iterations);
  return unwrapWithKey(sealed, wrappingKey);
}

/**
 * Decrypts the sealed quotation with the content key and reads it with the contract's rules.
 * A wrong key throws WrongKeyError; plaintext that is not a valid quotation throws an Error
 * naming the rule (the server judges the bid invalid for the same reason at decryption).
 */
export async function openQuotation(
  sealed: BidderSealed,
  contentKey: Bytes,
): Promise<SealedQuotation> {
  const plaintext = await aesGcmDecrypt(
    contentKey,
    fromBase64(sealed.iv),
    fromBase64(sealed.ciphertext),
  );
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder().decode(plaintext));
  } catch {
    throw new Error('解密后的内容不是报价');
  }
  const parsed = sealedQuotation.safeParse(json);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? '解密后的报价不合规');
  return parsed.data;
}

/** A bid file for upload in `bidder` mode: a fresh 12-byte IV, then the ciphertext and tag. */
export async function encryptFileBytes(plain: Bytes, contentKey: Bytes): Promise<Bytes> {
  const iv = randomBytes(IV_BYTES);
  const sealed = await aesGcmEncrypt(contentKey, iv, plain);
  const out = new Uint8Array(IV_BYTES + sealed.length);
  out.set(iv);
  out.set(sealed, IV_BYTES);
  return out;
}

/** The inverse of encryptFileBytes. */
export async function decryptFileBytes(file: Bytes, contentKey: Bytes): Promise<Bytes> {
  if (file.length < IV_BYTES + 16) throw new WrongKeyError('文件不是加密的投标文件');
  return aesGcmDecrypt(contentKey, file.subarray(0, IV_BYTES), file.subarray(IV_BYTES));
}
