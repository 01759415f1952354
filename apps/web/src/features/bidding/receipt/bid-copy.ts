import type { Receipt, SubmittedQuotation } from '@tender/contracts';
import type { UploadedFileRef } from '@/components/FileUpload';

/**
 * The browser's own copy of a quotation it submitted: the 回执 shows the price from it, and
 * 修改报价 may start from it (nothing on the server answers a sealed price, to its own company
 * neither). Kept in sessionStorage, not localStorage: it goes when the tab closes or the user
 * logs out (leaving clears session storage), so a shared office computer keeps no price for
 * the next person. One per tender and lot, used only while its digest is the live revision's:
 * after a revision from another browser the copy is stale and the form starts empty.
 */
export interface BidCopy {
  tenderId: number;
  /** The lot bid for (copies kept before lots existed have none). */
  lotId?: number;
  bidId: number;
  revision: number;
  digest: string;
  submittedAt: string;
  quotation: Omit<SubmittedQuotation, 'fileIds'>;
  /** The attachments with their names and sizes, as their uploads answered. */
  files: UploadedFileRef[];
}

const keyOf = (tenderId: number, lotId: number | undefined) =>
  lotId === undefined ? `bid-copy:${tenderId}` : `bid-copy:${tenderId}:${lotId}`;

export function keepBidCopy(copy: BidCopy) {
  try {
    sessionStorage.setItem(keyOf(copy.tenderId, copy.lotId), JSON.stringify(copy));
  } catch {
    // Storage full or disabled: the 回执 on screen still shows it; the form starts empty.
  }
}

/** Whatever copy this tab keeps for the tender's lot (the 验证回执 compares its digest). */
export function storedBidCopy(tenderId: number, lotId: number | undefined): BidCopy | null {
  try {
    return JSON.parse(sessionStorage.getItem(keyOf(tenderId, lotId)) ?? 'null') as BidCopy | null;
  } catch {
    return null;
  }
}

/** The copy of the live revision (`digest`), or null. */
export function bidCopyOf(
  tenderId: number,
  lotId: number | undefined,
  digest: string | null | undefined,
): BidCopy | null {
  const copy = digest ? storedBidCopy(tenderId, lotId) : null;
  return copy?.digest === digest ? copy : null;
}

/** 重新确认 seals the same content anew: the copy follows to the new revision and digest. */
export function carryBidCopy(previousDigest: string | null | undefined, receipt: Receipt) {
  const copy = bidCopyOf(receipt.tenderId, receipt.lotId, previousDigest);
  if (!copy) return null;
  const next = {
    ...copy,
    revision: receipt.revision,
    digest: receipt.digest,
    submittedAt: receipt.submittedAt,
  };
  keepBidCopy(next);
  return next;
}
