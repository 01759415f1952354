import type { BidderSealed } from './bid.js';

/**
 * The canonical text a receipt digest is the SHA-256 of (docs/sealed-bids.md), in one place for
 * the server, which computes the digest at submission, and the browser, which recomputes it
 * after the opening (验证回执). Keys in alphabetical order, no spaces, amounts as text with two
 * decimals, the nonce inside: `printf '%s' '<canonical>' | sha256sum` gives the same digest.
 */
export type CanonicalValue = string | number | (string | number)[] | null;

export function canonicalBid(fields: Record<string, CanonicalValue>): string {
  const sorted = Object.keys(fields)
    .sort()
    .map((key) => [key, fields[key]]);
  return JSON.stringify(Object.fromEntries(sorted));
}

/** Two decimals, as the digest and the sealed content hold a price. */
export const priceText = (price: number) => price.toFixed(2);

/** Where a bid belongs and the nonce: part of every receipt digest. */
interface BidPlace {
  tenderId: number;
  supplierId: number;
  revision: number;
  /** In the order they were sent (the digest covers the order). */
  fileIds: number[];
  nonce: string;
}

/** A `server`-mode quotation (and a `bidder`-mode one once decrypted, for its terms). */
export interface QuotationTerms extends BidPlace {
  totalPrice: string;
  currency: string;
  deliveryDays: number;
  warrantyMonths: number;
  remark: string;
}

export const quotationCanonical = (q: QuotationTerms) =>
  canonicalBid({
    tenderId: q.tenderId,
    supplierId: q.supplierId,
    revision: q.revision,
    fileIds: q.fileIds,
    nonce: q.nonce,
    totalPrice: q.totalPrice,
    currency: q.currency,
    deliveryDays: q.deliveryDays,
    warrantyMonths: q.warrantyMonths,
    remark: q.remark,
  });

/**
 * A `bidder`-mode bid: the envelope as the server received it and each attachment's ciphertext
 * SHA-256 — nothing derived from the plaintext, whose hash could be brute-forced from a price.
 */
export interface EnvelopeTerms extends BidPlace {
  envelope: BidderSealed;
  /** Hex SHA-256 of the bytes uploaded for fileIds[i]. */
  fileSha256: string[];
}

export const envelopeCanonical = (e: EnvelopeTerms) =>
  canonicalBid({
    tenderId: e.tenderId,
    supplierId: e.supplierId,
    revision: e.revision,
    fileIds: e.fileIds,
    nonce: e.nonce,
    alg: e.envelope.alg,
    ciphertext: e.envelope.ciphertext,
    iv: e.envelope.iv,
    wrappedKey: e.envelope.wrappedKey,
    wrapIv: e.envelope.wrapIv,
    salt: e.envelope.salt,
    iterations: e.envelope.iterations,
    fileSha256: e.fileSha256,
  });
