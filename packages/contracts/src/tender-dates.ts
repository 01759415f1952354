import { z } from 'zod';
import { formatDateTime } from './format.js';
import { MANDATORY_MIN_BIDDING_DAYS, MANDATORY_MIN_DOCS_DAYS } from './tender.js';

/**
 * The date rules of PRODUCT.md (China's tendering law for `mandatory` tenders), one superRefine
 * for the server (which decides) and the web's tender form (which says the same as it is
 * filled in). They need a clock: `publication` is the publish time, or now for a draft (every
 * rule that holds then can only get harder later); `now` is the server's time.
 */

const DAY_MS = 24 * 3600_000;

const date = z.date();
export const tenderDatesSchema = z.object({
  bidDeadline: date,
  /** null: at the deadline itself. */
  openingAt: date.nullable(),
  /** null: from publication. */
  docsFrom: date.nullable(),
  /** null: until the deadline. */
  docsUntil: date.nullable(),
  mandatory: z.boolean(),
  /** 答疑截止; null or left out: the default (defaultQuestionsUntil). */
  questionsUntil: date.nullable().optional(),
});
export type TenderDates = z.infer<typeof tenderDatesSchema>;
export type TenderDateField =
  'bidDeadline' | 'openingAt' | 'docsFrom' | 'docsUntil' | 'questionsUntil';

export interface TenderDateClock {
  publication: Date;
  now: Date;
}

/** The dates with their defaults filled in: what is stored and shown. */
export function resolvedTenderDates(dates: TenderDates, publication: Date) {
  return {
    bidDeadline: dates.bidDeadline,
    openingAt: dates.openingAt ?? dates.bidDeadline,
    docsFrom: dates.docsFrom ?? publication,
    docsUntil: dates.docsUntil ?? dates.bidDeadline,
  };
}

/** Each broken rule as an issue at the field it names, in the order the server refuses them. */
export const refineTenderDates =
  ({ publication, now }: TenderDateClock) =>
  (dates: TenderDates, ctx: z.RefinementCtx) => {
    const refuse = (field: TenderDateField, message: string) =>
      ctx.addIssue({ code: 'custom', path: [field], message });
    const { bidDeadline, openingAt, docsFrom, docsUntil } = resolvedTenderDates(dates, publication);
    if (bidDeadline.getTime() <= now.getTime())
      refuse('bidDeadline', `投标截止时间必须晚于当前时间（${formatDateTime(now)}）`);
    if (openingAt.getTime() < bidDeadline.getTime())
      refuse('openingAt', '开标时间不能早于投标截止时间（依法应在截止时间当时开标）');
    if (docsFrom.getTime() < publication.getTime())
      refuse('docsFrom', `招标文件获取开始时间不能早于发布时间（${formatDateTime(publication)}）`);
    if (docsUntil.getTime() > bidDeadline.getTime())
      refuse('docsUntil', '招标文件获取截止时间不能晚于投标截止时间');
    if (docsUntil.getTime() <= docsFrom.getTime())
      refuse('docsUntil', '招标文件获取截止时间必须晚于开始时间');
    if (dates.questionsUntil && dates.questionsUntil.getTime() > bidDeadline.getTime())
      refuse('questionsUntil', '答疑截止时间不能晚于投标截止时间');
    if (!dates.mandatory) return;
    const earliest = new Date(publication.getTime() + MANDATORY_MIN_BIDDING_DAYS * DAY_MS);
    if (bidDeadline.getTime() < earliest.getTime())
      refuse(
        'bidDeadline',
        `依法必须招标的项目，自发布之日起至投标截止不得少于 ${MANDATORY_MIN_BIDDING_DAYS} 日（不早于 ${formatDateTime(earliest)}）`,
      );
    if (docsUntil.getTime() - docsFrom.getTime() < MANDATORY_MIN_DOCS_DAYS * DAY_MS)
      refuse(
        'docsUntil',
        `依法必须招标的项目，招标文件获取期不得少于 ${MANDATORY_MIN_DOCS_DAYS} 日`,
      );
  };

/** The dates checked against the clock: the rules' issues, each at its field. */
export const checkedTenderDates = (clock: TenderDateClock) =>
  tenderDatesSchema.superRefine(refineTenderDates(clock));

/** The broken rules of these dates, first first, each with the field it names. */
export function tenderDateIssues(
  dates: TenderDates,
  clock: TenderDateClock,
): { field: TenderDateField; message: string }[] {
  const result = checkedTenderDates(clock).safeParse(dates);
  return (result.error?.issues ?? []).map((issue) => ({
    field: issue.path[0] as TenderDateField,
    message: issue.message,
  }));
}
