import { formatDateTime, tenderApi } from '@tender/contracts';
import { Invalid } from '../../lib/errors.js';

/**
 * The date rules of PRODUCT.md (China's tendering law for `mandatory` tenders), pure: the
 * caller passes the clock's time. Drafts are checked with "now" as the earliest possible
 * publication (every rule that holds then can only get harder later), and the publish step
 * checks again with its own time as the publication.
 */
const {
  MANDATORY_AMENDMENT_DAYS,
  MANDATORY_MIN_BIDDING_DAYS,
  MANDATORY_MIN_DOCS_DAYS,
  MANDATORY_MIN_BIDS,
} = tenderApi;

export const DAY_MS = 24 * 3600_000;

export interface TenderDates {
  bidDeadline: Date;
  /** null: at the deadline itself. */
  openingAt: Date | null;
  /** null: from publication. */
  docsFrom: Date | null;
  /** null: until the deadline. */
  docsUntil: Date | null;
  mandatory: boolean;
}

export interface ResolvedDates {
  bidDeadline: Date;
  openingAt: Date;
  docsFrom: Date;
  docsUntil: Date;
}

/**
 * Checks the dates against `publication` (the publish time, or now for a draft) and answers
 * them with the defaults filled in. Each refusal names the field and the rule.
 */
export function checkTenderDates(dates: TenderDates, publication: Date, now: Date): ResolvedDates {
  const { bidDeadline, mandatory } = dates;
  if (bidDeadline.getTime() <= now.getTime())
    throw new Invalid('bidDeadline', `投标截止时间必须晚于当前时间（${formatDateTime(now)}）`);
  const openingAt = dates.openingAt ?? bidDeadline;
  if (openingAt.getTime() < bidDeadline.getTime())
    throw new Invalid('openingAt', '开标时间不能早于投标截止时间（依法应在截止时间当时开标）');
  const docsFrom = dates.docsFrom ?? publication;
  const docsUntil = dates.docsUntil ?? bidDeadline;
  if (docsFrom.getTime() < publication.getTime())
    throw new Invalid(
      'docsFrom',
      `招标文件获取开始时间不能早于发布时间（${formatDateTime(publication)}）`,
    );
  if (docsUntil.getTime() > bidDeadline.getTime())
    throw new Invalid('docsUntil', '招标文件获取截止时间不能晚于投标截止时间');
  if (docsUntil.getTime() <= docsFrom.getTime())
    throw new Invalid('docsUntil', '招标文件获取截止时间必须晚于开始时间');
  if (mandatory) {
    const earliest = new Date(publication.getTime() + MANDATORY_MIN_BIDDING_DAYS * DAY_MS);
    if (bidDeadline.getTime() < earliest.getTime())
      throw new Invalid(
        'bidDeadline',
        `依法必须招标的项目，自发布之日起至投标截止不得少于 ${MANDATORY_MIN_BIDDING_DAYS} 日（不早于 ${formatDateTime(earliest)}）`,
      );
    if (docsUntil.getTime() - docsFrom.getTime() < MANDATORY_MIN_DOCS_DAYS * DAY_MS)
      throw new Invalid(
        'docsUntil',
        `依法必须招标的项目，招标文件获取期不得少于 ${MANDATORY_MIN_DOCS_DAYS} 日`,
      );
  }
  return { bidDeadline, openingAt, docsFrom, docsUntil };
}

/** Our own rule (PRODUCT.md leaves it open): the price ceiling may not exceed the budget. */
export function checkMoney(budget: number, priceCeiling: number | null) {
  if (priceCeiling !== null && priceCeiling > budget)
    throw new Invalid('priceCeiling', '最高投标限价不能高于预算金额（本系统规则）');
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
