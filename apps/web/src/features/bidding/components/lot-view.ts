import { lotLabel, type BiddableTender, type PublicLot } from '@tender/contracts';

/**
 * One signed-up lot of a biddable tender, seen as a tender of its own: its budget and ceiling,
 * the company's bid on it as `myBid`, `failed` when the lot failed alone, and (on a tender of
 * several lots) the lot named in the title. Every bid component (state, actions, the quotation
 * form, decryption, receipt, history) works on one such view, so each lot is bid, revised,
 * withdrawn, re-confirmed and decrypted on its own; a one-lot tender's only view is the tender
 * as it was before lots. `lotId` goes with every call (left out only when the tender has none).
 */
export interface LotBid extends BiddableTender {
  lot: PublicLot | undefined;
  lotId: number | undefined;
  /** The tender's own title, without the lot. */
  tenderTitle: string;
  /** More than one lot: the lot is named wherever the bid is shown. */
  multiLot: boolean;
}

function viewOf(tender: BiddableTender, lot: PublicLot | undefined, multiLot: boolean): LotBid {
  const failedAlone = lot?.status === 'failed' && tender.status !== 'failed';
  return {
    ...tender,
    lot,
    lotId: lot?.lotId,
    tenderTitle: tender.title,
    multiLot,
    title: multiLot && lot ? `${tender.title} · ${lotLabel(lot)}` : tender.title,
    budget: lot?.budget ?? tender.budget,
    priceCeiling: lot ? lot.priceCeiling : tender.priceCeiling,
    status: failedAlone ? 'failed' : tender.status,
    endReason: failedAlone ? '有效投标不足，该标段流标' : tender.endReason,
    myBid: lot ? (tender.myBids.find((bid) => bid.lotId === lot.lotId) ?? null) : tender.myBid,
  };
}

/** The lots the company signed up for, in lot order, each as its own bid view. */
export function lotBidsOf(tender: BiddableTender): LotBid[] {
  const lots = [...tender.lots]
    .filter((lot) => tender.signedUpLotIds.includes(lot.lotId))
    .sort((a, b) => a.lotNo - b.lotNo);
  if (lots.length === 0) return [viewOf(tender, tender.lots[0], tender.lots.length > 1)];
  const multiLot = tender.lots.length > 1;
  return lots.map((lot) => viewOf(tender, lot, multiLot));
}

/** The key of one lot's bid on the screen (which dialog is open for which lot). */
export const lotBidKey = (view: Pick<LotBid, 'id' | 'lotId'>) => `${view.id}:${view.lotId ?? ''}`;

/** The tender shows lot rows (more than one lot), rather than one bid of its own. */
export const hasLotRows = (tender: BiddableTender) => tender.lots.length > 1;

/**
 * The view that speaks for the tender where one line sums it up (the decryption countdown's
 * 须在时限内解密): a lot still to decrypt first, else the first lot.
 */
export function leadBidOf(tender: BiddableTender): LotBid {
  const views = lotBidsOf(tender);
  return (
    views.find((view) => view.myBid?.status === 'submitted' && view.myBid.decryptedAt === null) ??
    views[0]!
  );
}

/** "已投标 1 / 2 个标段": the lots with a live or opened bid, of those signed up for. */
export function lotBidSummary(tender: BiddableTender): string {
  const views = lotBidsOf(tender);
  const bid = views.filter((view) => view.myBid && view.myBid.status !== 'withdrawn').length;
  return `已投标 ${bid} / ${views.length} 个标段`;
}
