import {
  lotIssues,
  resolvedTenderDates,
  tenderApi,
  tenderDateIssues,
  type TenderDates,
} from '@tender/contracts';
import { Invalid } from '../../lib/errors.js';

/**
 * The tender rules the server checks beside the contract's: the date rules themselves are the
 * contract's superRefine (packages/contracts/src/tender-dates.ts), which the web's form runs too.
 */
const { MANDATORY_AMENDMENT_DAYS, MANDATORY_MIN_BIDS } = tenderApi;

export const DAY_MS = 24 * 3600_000;

export interface ResolvedDates {
  bidDeadline: Date;
  openingAt: Date;
  docsFrom: Date;
  docsUntil: Date;
}

/**
 * Checks the dates against `publication` (the publish time, or now for a draft) and answers
 * them with the defaults filled in. The first broken rule is refused, naming its field.
 */
export function checkTenderDates(dates: TenderDates, publication: Date, now: Date): ResolvedDates {
  const [first] = tenderDateIssues(dates, { publication, now });
  if (first) throw new Invalid(first.field, first.message);
  return resolvedTenderDates(dates, publication);
}

/** Our own rule (PRODUCT.md leaves it open): the price ceiling may not exceed the budget. */
export function checkMoney(budget: number, priceCeiling: number | null) {
  if (priceCeiling !== null && priceCeiling > budget)
    throw new Invalid('priceCeiling', '最高投标限价不能高于预算金额（本系统规则）');
}

/**
 * The lot rules (1–50 lots numbered 1…n, three bids on a mandatory tender, the 2 % bond, the
 * cap of 兼投不兼中 within the number of lots): the first broken one is refused, naming its
 * field (`lots.2.bidBond`, `maxLotsPerWinner`).
 */
export function checkLots(
  lots: Parameters<typeof lotIssues>[0],
  tender: { mandatory: boolean; maxLotsPerWinner?: number | null },
) {
  const [first] = lotIssues(lots, tender);
  if (first) throw new Invalid(first.path.join('.'), first.message);
}

/** A mandatory tender may not ask for fewer than three bids: checked at save, publish and amend. */
export function checkMinBids(mandatory: boolean, minBids: number) {
  if (mandatory && minBids < MANDATORY_MIN_BIDS)
    throw new Invalid(
      'minBids',
      `依法必须招标的项目，最少有效投标数不得少于 ${MANDATORY_MIN_BIDS} 家（当前为 ${minBids}）`,
    );
}

/**
 * An amendment of a mandatory tender less than 15 days before the deadline moves the deadline
 * (and the opening by the same amount) so that 15 days remain, rounded up to the next minute.
 * Other tenders keep the dates the manager gives.
 */
export function amendmentDates(
  dates: { bidDeadline: Date; openingAt: Date; mandatory: boolean },
  now: Date,
) {
  const { bidDeadline, openingAt } = dates;
  const required = now.getTime() + MANDATORY_AMENDMENT_DAYS * DAY_MS;
  if (!dates.mandatory || bidDeadline.getTime() >= required)
    return { bidDeadline, openingAt, extended: false };
  const newDeadline = new Date(Math.ceil(required / 60_000) * 60_000);
  const delta = newDeadline.getTime() - bidDeadline.getTime();
  return {
    bidDeadline: newDeadline,
    openingAt: new Date(openingAt.getTime() + delta),
    extended: true,
  };
}
