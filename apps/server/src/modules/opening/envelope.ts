import { createDecipheriv, type DecipherGCM } from 'node:crypto';
import type { BidderSealed } from '@tender/contracts';

/**
 * The server's side of a `bidder`-mode bid (API.md, "A bidder-sealed bid"): it never unwraps
 * the content key (that needs the bidder's passphrase); at the opening the bidder sends the
 * content key and the server opens the quotation and the attachments with it. AES-256-GCM
 * throughout, as Web Crypto produces it: the 16-byte tag follows the ciphertext.
 */
const TAG_BYTES = 16;
/** An encrypted attachment starts with its 12-byte IV (docs/sealed-bids.md). */
export const FILE_IV_BYTES = 12;
/** IV, at least one byte of ciphertext, tag. */
export const MIN_ENCRYPTED_FILE_BYTES = FILE_IV_BYTES + 1 + TAG_BYTES;
/** What encryption adds to an attachment: MAX_UPLOAD_MB applies to the file the bidder chose. */
export const ENCRYPTED_FILE_OVERHEAD_BYTES = FILE_IV_BYTES + TAG_BYTES;

/** The quotation's plaintext, or null when the key is wrong or the ciphertext was altered. */
export function openEnvelope(envelope: BidderSealed, contentKey: Buffer): Buffer | null {
  const sealed = Buffer.from(envelope.ciphertext, 'base64');
  if (sealed.length <= TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv(
      'aes-256-gcm',
      contentKey,
      Buffer.from(envelope.iv, 'base64'),
    );
    decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]);
  } catch {
    return null;
  }
}

export class AlteredFileError extends Error {}

/**
 * Decrypts an attachment as its stored pieces arrive (IV || ciphertext || tag), holding back
 * the last 16 bytes as the tag. The plaintext pieces are handed on before the tag is checked at
 * the end: the caller writes them inside a transaction (savepoint) that an AlteredFileError
 * rolls back.
 */
export async function* decryptFile(
  pieces: AsyncIterable<Buffer>,
  contentKey: Buffer,
): AsyncGenerator<Buffer> {
  let head = Buffer.alloc(0);
  let decipher: DecipherGCM | null = null;
  let held = Buffer.alloc(0);
  for await (const piece of pieces) {
    let data = piece;
    if (!decipher) {
      head = Buffer.concat([head, data]);
      if (head.length < FILE_IV_BYTES) continue;
      decipher = createDecipheriv('aes-256-gcm', contentKey, head.subarray(0, FILE_IV_BYTES));
      data = head.subarray(FILE_IV_BYTES);
    }
    held = Buffer.concat([held, data]);
    if (held.length > TAG_BYTES) {
      const out = decipher.update(held.subarray(0, held.length - TAG_BYTES));
      held = Buffer.from(held.subarray(held.length - TAG_BYTES));
      if (out.length) yield out;
    }
  }
  if (!decipher || held.length < TAG_BYTES) throw new AlteredFileError('too short');
  decipher.setAuthTag(held);
  let last: Buffer;
  try {
    last = decipher.final();
  } catch {
    throw new AlteredFileError('authentication failed');
  }
  if (last.length) yield last;
}
