import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
} from 'node:crypto';

/**
 * Sealing at rest (PRODUCT.md, seal mode `server`): each bid gets a fresh AES-256-GCM key; that
 * key is wrapped by a key derived from BID_SEAL_KEY, which never enters the database. A dump or
 * a backup therefore holds only ciphertext. The additional data binds a sealed blob to its bid,
 * so blobs cannot be swapped between bids or revisions unnoticed.
 */
export interface SealedBlob {
  v: 1;
  /** Content: IV, ciphertext and GCM tag, base64. */
  iv: string;
  ct: string;
  tag: string;
  /** The content key wrapped by the master key. */
  wk: string;
  wiv: string;
  wtag: string;
}

export type MasterKey = Buffer & { readonly __brand: 'MasterKey' };

export function deriveMasterKey(bidSealKey: string): MasterKey {
  const key = hkdfSync('sha256', Buffer.from(bidSealKey, 'utf8'), 'tender-bid-seal', 'wrap-v1', 32);
  return Buffer.from(key) as MasterKey;
}

/** Identifies the master key without revealing it: stored to refuse a wrong key at start-up. */
export function masterKeyFingerprint(master: MasterKey): string {
  return createHmac('sha256', master).update('tender-bid-seal fingerprint').digest('hex');
}

function encrypt(key: Buffer, plain: Buffer, aad: Buffer) {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad);
  const ct = Buffer.concat([cipher.update(plain), cipher.final()]);
  return { iv, ct, tag: cipher.getAuthTag() };
}

function decrypt(key: Buffer, iv: Buffer, ct: Buffer, tag: Buffer, aad: Buffer) {
  const decipher = createDecipheriv('aes-256-gcm', key, iv).setAAD(aad);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ct), decipher.final()]);
}

export function seal(master: MasterKey, plain: Buffer, context: string): SealedBlob {
  const aad = Buffer.from(context, 'utf8');
  const contentKey = randomBytes(32);
  const content = encrypt(contentKey, plain, aad);
  const wrapped = encrypt(master, contentKey, aad);
  contentKey.fill(0);
  return {
    v: 1,
    iv: content.iv.toString('base64'),
    ct: content.ct.toString('base64'),
    tag: content.tag.toString('base64'),
    wk: wrapped.ct.toString('base64'),
    wiv: wrapped.iv.toString('base64'),
    wtag: wrapped.tag.toString('base64'),
  };
}

/** Throws when the key is wrong or the blob was altered or moved to another context. */
export function unseal(master: MasterKey, blob: SealedBlob, context: string): Buffer {
  const aad = Buffer.from(context, 'utf8');
  const b = (text: string) => Buffer.from(text, 'base64');
  const contentKey = decrypt(master, b(blob.wiv), b(blob.wk), b(blob.wtag), aad);
  try {
    return decrypt(contentKey, b(blob.iv), b(blob.ct), b(blob.tag), aad);
  } finally {
    contentKey.fill(0);
  }
}

/** A fresh 256-bit nonce, hex: it goes into the receipt digest and is sealed with the bid. */
export const newNonce = () => randomBytes(32).toString('hex');

/** The canonical text a receipt digest is computed over: shared with the browser (验证回执). */
export { canonicalBid } from '@tender/contracts';

export const sha256Hex = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** Whether a stored value is a blob sealed by `seal` (and not, say, a bidder's own ciphertext). */
export const isSealedBlob = (value: unknown): value is SealedBlob =>
  typeof value === 'object' &&
  value !== null &&
  (value as SealedBlob).v === 1 &&
  typeof (value as SealedBlob).wk === 'string' &&
  typeof (value as SealedBlob).wiv === 'string' &&
  typeof (value as SealedBlob).wtag === 'string';

/**
 * Key rotation: the content key is unwrapped with the old master key and wrapped with the new
 * one; the content itself (iv, ct, tag) stays as it is. Throws when the old key does not fit.
 */
export function rewrap(
  from: MasterKey,
  to: MasterKey,
  blob: SealedBlob,
  context: string,
): SealedBlob {
  const aad = Buffer.from(context, 'utf8');
  const b = (text: string) => Buffer.from(text, 'base64');
  const contentKey = decrypt(from, b(blob.wiv), b(blob.wk), b(blob.wtag), aad);
  try {
    const wrapped = encrypt(to, contentKey, aad);
    return {
      ...blob,
      wk: wrapped.ct.toString('base64'),
      wiv: wrapped.iv.toString('base64'),
      wtag: wrapped.tag.toString('base64'),
    };
  } finally {
    contentKey.fill(0);
  }
}
