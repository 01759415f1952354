import type { BiddableTender, Lot, MyBid, Receipt, SubmissionReceipt } from '@tender/contracts';
import { lotBidsOf, type LotBid } from './components/lot-view';

export const receiptOf = (patch: Partial<Receipt> = {}): Receipt => ({
  bidId: 7,
  tenderId: 1,
  lotId: 1,
  revision: 1,
  action: 'submit',
  submittedAt: '2026-03-01T02:00:00.000Z',
  digest: 'a3f1c0de'.repeat(8),
  ...patch,
});

/** A submission's answer: the receipt and the quotation it echoes (`server` mode). */
export const submissionReceiptOf = (
  quotation: SubmissionReceipt['quotation'],
  patch: Partial<Receipt> = {},
): SubmissionReceipt => ({ ...receiptOf(patch), quotation });

export const myBidOf = (patch: Partial<MyBid> = {}): MyBid => ({
  bidId: 7,
  tenderId: 1,
  lotId: 1,
  revision: 2,
  status: 'submitted',
  submittedAt: '2026-03-01T02:00:00.000Z',
  digest: 'a3f1c0de'.repeat(8),
  needsReconfirm: false,
  invalidReason: null,
  decryptedAt: null,
  // Sealed until the opening, for its own company too: no term before.
  totalPrice: null,
  currency: null,
  deliveryDays: null,
  warrantyMonths: null,
  remark: null,
  files: [],
  fileIds: null,
  revisions: [receiptOf(), receiptOf({ revision: 2, submittedAt: '2026-03-01T03:00:00.000Z' })],
  ...patch,
});

export const lotOf = (patch: Partial<Lot> = {}): Lot => ({
  lotId: 1,
  lotNo: 1,
  name: '10kV 开关柜',
  budget: 2_000_000,
  priceCeiling: null,
  minBids: 3,
  bidBond: 0,
  quantity: null,
  description: '',
  status: 'published',
  ...patch,
});

const biddableBase: Omit<BiddableTender, 'lotCount' | 'lots' | 'signedUpLotIds' | 'myBids'> = {
  id: 1,
  tenderNo: 'ZB-2026-0001',
  title: '10kV 开关柜采购',
  category: 'switchgear',
  procurementMethod: 'open',
  budget: 2_000_000,
  currency: 'CNY',
  region: null,
  description: '',
  contact: null,
  contactPhone: null,
  mandatory: false,
  docsFrom: null,
  docsUntil: null,
  bidValidityDays: 90,
  bidDeadline: '2099-01-01T02:00:00.000Z',
  openingAt: '2099-01-01T02:00:00.000Z',
  priceCeiling: null,
  sealMode: 'server',
  decryptUntil: null,
  status: 'published',
  publishedAt: '2026-02-01T00:00:00.000Z',
  amendmentCount: 0,
  signedUpAt: '2026-02-02T00:00:00.000Z',
  myBid: null,
  bidRefusal: null,
  endReason: null,
};

/**
 * A tender the company signed up for: one lot (lot 1) unless `lots` is given; `myBids` follows
 * `myBid` unless given.
 */
export const biddableTenderOf = (patch: Partial<BiddableTender> = {}): BiddableTender => {
  const lots = patch.lots ?? [
    lotOf({ budget: patch.budget ?? 2_000_000, priceCeiling: patch.priceCeiling ?? null }),
  ];
  const myBid = patch.myBid ?? null;
  return {
    ...biddableBase,
    lotCount: lots.length,
    lots,
    signedUpLotIds: lots.map((lot) => lot.lotId),
    myBids: myBid ? [myBid] : [],
    ...patch,
  };
};

/** The only lot's bid view of a one-lot tender (what the quotation form and dialogs get). */
export const lotBidOf = (patch: Partial<BiddableTender> = {}): LotBid =>
  lotBidsOf(biddableTenderOf(patch))[0]!;
