import {
  envelopeCanonical,
  priceText,
  quotationCanonical,
  type MyBid,
  type OpeningEntry,
  type bidApi,
} from '@tender/contracts';
import type { z } from 'zod';

type MySealedBid = z.output<typeof bidApi.getMySealedBid.data>;

/** Hex SHA-256 of the UTF-8 text, by Web Crypto (the same digest as `sha256sum`). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * `server` mode: the canonical text of the own bid as the opening revealed it — its terms, the
 * attachments in the order sent, and the record's nonce, supplier and revision. Null when the
 * opening could not read the bid (nothing to recompute from).
 */
export function quotationText(tenderId: number, bid: MyBid, entry: OpeningEntry): string | null {
  if (
    bid.totalPrice === null ||
    bid.currency === null ||
    bid.deliveryDays === null ||
    bid.warrantyMonths === null ||
    bid.fileIds === null ||
    entry.nonce === null
  )
    return null;
  return quotationCanonical({
    tenderId,
    supplierId: entry.supplierId,
    revision: entry.revision,
    fileIds: bid.fileIds,
    nonce: entry.nonce,
    totalPrice: priceText(bid.totalPrice),
    currency: bid.currency,
    deliveryDays: bid.deliveryDays,
    warrantyMonths: bid.warrantyMonths,
    remark: bid.remark ?? '',
  });
}

/** `bidder` mode: the digest covers the envelope as sent and the ciphertexts' hashes. */
export function envelopeText(sealed: MySealedBid, entry: OpeningEntry): string | null {
  if (entry.nonce === null) return null;
  return envelopeCanonical({
    tenderId: sealed.tenderId,
    supplierId: entry.supplierId,
    revision: sealed.revision,
    fileIds: sealed.fileIds,
    nonce: entry.nonce,
    envelope: sealed.sealed,
    fileSha256: sealed.fileSha256,
  });
}

/** A kept digest as typed or pasted: hex, any case, spaces and line breaks ignored. */
export const normalDigest = (text: string) => text.replace(/\s+/g, '').toLowerCase();
