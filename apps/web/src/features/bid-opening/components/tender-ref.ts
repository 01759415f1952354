import { tenderApi, type Lot, type PublicTender } from '@tender/contracts';

/**
 * What the bid tabs need of the tender the detail screen shows; `lots` (the detail answers them)
 * give the lot tabs of 比价 and 定标 — none known, the tender is treated as one lot.
 */
export type TenderRef = { lots?: readonly Lot[] } & Pick<
  PublicTender,
  | 'id'
  | 'tenderNo'
  | 'title'
  | 'budget'
  | 'currency'
  | 'bidDeadline'
  | 'openingAt'
  | 'status'
  | 'sealMode'
  | 'decryptUntil'
>;

/** The bids have been opened and the opening record exists (`evaluating` included). */
export const isOpened = (tender: Pick<TenderRef, 'status'>) =>
  tenderApi.bidsAreOpened(tender.status);

/** A tender of several lots: the lot is named (tabs, messages). */
export const hasSeveralLots = (tender: Pick<TenderRef, 'lots'>) => (tender.lots?.length ?? 0) > 1;

/** Deviation in percent with its sign: +3.20%, −1.05%, 0.00%. */
export function formatDeviation(percent: number | null): string {
  if (percent === null || !Number.isFinite(percent)) return '—';
  const sign = percent > 0 ? '+' : percent < 0 ? '−' : '';
  return `${sign}${Math.abs(percent).toFixed(2)}%`;
}
