import { bondApi, type BiddableTender } from '@tender/contracts';
import { formatDate } from '@/lib/time';

const DAY_MS = 86_400_000;

/**
 * The first day a guarantee or insurance may end on (EVALUATION.md §4): the bid deadline plus
 * the bid validity, as a Beijing day. The server checks the same floor.
 */
export const validUntilFloor = (tender: Pick<BiddableTender, 'bidDeadline' | 'bidValidityDays'>) =>
  formatDate(Date.parse(tender.bidDeadline) + tender.bidValidityDays * DAY_MS);

/** A declaration may be made or replaced while the deadline has not passed on the server's clock. */
export const canDeclareBond = (
  tender: Pick<BiddableTender, 'bidDeadline' | 'status'>,
  now: number,
) => tender.status === 'published' && now < Date.parse(tender.bidDeadline);

/** The forms a declaration may take: the tender's accepted ones, in the contract's order. */
export const acceptedFormOptions = (forms: readonly bondApi.BondForm[]) =>
  bondApi.BOND_FORMS.filter((form) => forms.includes(form)).map((value) => ({
    value,
    label: bondApi.BOND_FORM_LABELS[value],
  }));
