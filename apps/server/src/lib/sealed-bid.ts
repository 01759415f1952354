import {
  envelopeCanonical,
  quotationCanonical,
  type BidderSealed,
  type QuotationTerms,
} from '@tender/contracts';
import type { AppDeps } from '../app-deps.js';
import {
  deriveMasterKey,
  seal,
  sha256Hex,
  unseal,
  type MasterKey,
  type SealedBlob,
} from './seal.js';

/** What a `server`-mode bid seals: everything that must stay unread until the opening. */
export interface QuotationContent {
  /** Text with two decimals, as the digest uses it. */
  totalPrice: string;
  currency: string;
  deliveryDays: number;
  warrantyMonths: number;
  remark: string;
  fileIds: number[];
  /** The attachments' real SHA-256 and size (the files table keeps neither before opening). */
  files: { id: number; sha256: string; size: number }[];
  nonce: string;
  /** The lot the bid is for (bids sealed before lots have none): a blob on another lot's row shows. */
  lotId?: number;
}

/**
 * What a `bidder`-mode bid seals until its bidder decrypts it: the bidder's envelope (API.md)
 * and the facts of the encrypted attachments (SHA-256 and size of the ciphertext). Nothing in
 * it can be read without the bidder's content key, not even with BID_SEAL_KEY.
 */
export interface EnvelopeContent {
  envelope: BidderSealed;
  fileIds: number[];
  files: { id: number; sha256: string; size: number }[];
  nonce: string;
  /** The lot the bid is for (bids sealed before lots have none): a blob on another lot's row shows. */
  lotId?: number;
}

/**
 * A bid's sealed blob: a quotation (`server` mode, and `bidder` mode once decrypted) or a
 * bidder's envelope (`bidder` mode before its bidder decrypted it).
 */
export type SealedContent = QuotationContent | EnvelopeContent;

export const isEnvelope = (content: SealedContent): content is EnvelopeContent =>
  'envelope' in content;

const masterKeys = new WeakMap<object, MasterKey>();
/** Derived once per configuration: HKDF is cheap, but a bid list unseals many blobs. */
export function masterKeyOf(deps: Pick<AppDeps, 'config'>): MasterKey {
  let key = masterKeys.get(deps.config);
  if (!key) {
    key = deriveMasterKey(deps.config.bidSealKey);
    masterKeys.set(deps.config, key);
  }
  return key;
}

export const bidContext = (tenderId: number, supplierId: number, revision: number) =>
  `bid:${tenderId}:${supplierId}:${revision}`;

export function sealContent(
  key: MasterKey,
  content: SealedContent,
  tenderId: number,
  supplierId: number,
  revision: number,
): SealedBlob {
  return seal(
    key,
    Buffer.from(JSON.stringify(content), 'utf8'),
    bidContext(tenderId, supplierId, revision),
  );
}

export function unsealContent(
  key: MasterKey,
  blob: SealedBlob,
  tenderId: number,
  supplierId: number,
  revision: number,
): SealedContent {
  const plain = unseal(key, blob, bidContext(tenderId, supplierId, revision));
  return JSON.parse(plain.toString('utf8')) as SealedContent;
}

/**
 * The text a receipt digest is computed over (docs/sealed-bids.md shows how a supplier
 * recomputes it; the browser's 验证回执 uses the same functions from the contracts): where the
 * bid belongs, its revision and the nonce, with the quotation's terms (`server` mode) or the
 * envelope as sent and each attachment's ciphertext SHA-256 (`bidder` mode: nothing derived
 * from the plaintext, whose hash could be brute-forced from a price).
 */
export function bidCanonical(
  content: SealedContent,
  tenderId: number,
  supplierId: number,
  revision: number,
) {
  const where = { tenderId, supplierId, revision, fileIds: content.fileIds, nonce: content.nonce };
  if (isEnvelope(content)) {
    const sha256Of = (id: number) => content.files.find((f) => f.id === id)?.sha256 ?? '';
    return envelopeCanonical({
      ...where,
      envelope: content.envelope,
      fileSha256: content.fileIds.map(sha256Of),
    });
  }
  const terms: QuotationTerms = {
    ...where,
    totalPrice: content.totalPrice,
    currency: content.currency,
    deliveryDays: content.deliveryDays,
    warrantyMonths: content.warrantyMonths,
    remark: content.remark,
  };
  return quotationCanonical(terms);
}

export const bidDigest = (
  content: SealedContent,
  tenderId: number,
  supplierId: number,
  revision: number,
) => sha256Hex(bidCanonical(content, tenderId, supplierId, revision));

/** Two decimals, for the digest and the sealed content (one definition with the browser's). */
export { priceText } from '@tender/contracts';
