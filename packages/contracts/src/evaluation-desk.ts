import { z } from 'zod';
import { defineRoute } from './route.js';
import { pageOf, pageQuery } from './envelope.js';
import { id, isoDateTime, optionalText, requiredText, withoutControlCharacters } from './fields.js';
import { optionalLotId } from './lot.js';
import { criterion, evaluationView } from './evaluation.js';
import { committeeMember } from './committee.js';
import { sameAccountWarning } from './bond.js';

/**
 * 专家评标台 (EVALUATION.md §2, "Review and scoring"): the pledge, then one sheet per member
 * and lot, filled alone; submitting locks it; the chair re-opens one once, with a reason.
 */

/** R 51's grounds for 否决. */
export const REJECT_GROUNDS = [
  'no_seal',
  'consortium',
  'unqualified',
  'multiple_offers',
  'price_out_of_range',
  'non_responsive',
  'collusion_or_fraud',
] as const;
export type RejectGround = (typeof REJECT_GROUNDS)[number];
export const REJECT_GROUND_LABELS: Record<RejectGround, string> = {
  no_seal: '投标文件未经投标单位盖章和单位负责人签字',
  consortium: '联合体投标未提交共同投标协议',
  unqualified: '投标人不符合国家或者招标文件规定的资格条件',
  multiple_offers: '同一投标人提交两个以上不同的投标文件或者投标报价',
  price_out_of_range: '投标报价低于成本或者高于招标文件设定的最高投标限价',
  non_responsive: '投标文件没有对招标文件的实质性要求和条件作出响应',
  collusion_or_fraud: '投标人有串通投标、弄虚作假、行贿等违法行为',
};

/** Scores have one decimal at most. */
export const SCORE_DECIMALS = 1;
/** A score this far (share of the criterion's maxScore) from the others' mean is an outlier. */
export const OUTLIER_SHARE = 0.3;

/** Where a lot's evaluation stands, from the member's side. */
export const LOT_EVALUATION_STATES = [
  'waiting', // not opened yet
  'evaluating',
  'finished', // a report exists (signing or final)
  'failed', // failed at the opening, or the committee found too few valid bids
] as const;
export const SHEET_STATES = ['none', 'draft', 'submitted'] as const;

export const reviewInput = z.object({
  bidId: id('bidId'),
  pass: z.boolean({ error: '评审结论必须是通过（true）或否决（false）' }),
  /** Required when rejecting: one of R 51's grounds. */
  ground: z
    .enum(REJECT_GROUNDS, { error: '否决理由必须是实施条例第五十一条所列情形之一' })
    .nullish(),
  note: optionalText('评审说明', 1000),
});

export const scoreInput = z.object({
  bidId: id('bidId'),
  criterionId: id('criterionId', '评分项'),
  score: z.coerce
    .number({ error: '评分必须是数字' })
    .min(0, '评分不能为负数')
    .refine((v) => Math.round(v * 10) === v * 10, '评分最多一位小数'),
});

export const saveSheetSchema = z.object({
  tenderId: id('tenderId'),
  lotId: optionalLotId,
  review: z.array(reviewInput, { error: '评审结论必须是数组' }).max(500).default([]),
  scores: z.array(scoreInput, { error: '评分必须是数组' }).max(20_000).default([]),
});
export type SaveSheetInput = z.input<typeof saveSheetSchema>;

export const sheetReview = z.object({
  bidId: z.number(),
  pass: z.boolean(),
  ground: z.enum(REJECT_GROUNDS).nullable(),
  note: z.string(),
});
export const sheetScore = z.object({
  bidId: z.number(),
  criterionId: z.number(),
  score: z.number(),
});

/** A valid opened bid as the desk shows it. */
export const deskBid = z.object({
  bidId: z.number(),
  supplierId: z.number(),
  supplierName: z.string(),
  totalPrice: z.number(),
  currency: z.string(),
  deliveryDays: z.number().nullable(),
  warrantyMonths: z.number().nullable(),
  remark: z.string().nullable(),
  files: z.array(z.object({ id: z.number(), name: z.string(), size: z.number() })),
  submittedAt: z.string(),
});
export type DeskBid = z.infer<typeof deskBid>;

export const outlier = z.object({
  memberId: z.number(),
  bidId: z.number(),
  criterionId: z.number(),
  score: z.number(),
  /** The other members' mean on that bid and criterion. */
  othersMean: z.number(),
});
export type Outlier = z.infer<typeof outlier>;

export const memberSheet = z.object({
  memberId: z.number(),
  name: z.string(),
  chair: z.boolean(),
  review: z.array(sheetReview),
  scores: z.array(sheetScore),
  submittedAt: z.string().nullable(),
  reopenReason: z.string().nullable(),
});
export type MemberSheet = z.infer<typeof memberSheet>;

export const sheet = z.object({
  tenderId: z.number(),
  lotId: z.number(),
  memberId: z.number(),
  chair: z.boolean(),
  evaluation: evaluationView,
  criteria: z.array(criterion),
  bids: z.array(deskBid),
  review: z.array(sheetReview),
  scores: z.array(sheetScore),
  savedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  /** Set when the chair re-opened the sheet. */
  reopenReason: z.string().nullable(),
  /** The members' progress (names and whether submitted; never their contents). */
  progress: z.array(z.object({ memberId: z.number(), name: z.string(), submitted: z.boolean() })),
  /**
   * After the caller submitted: the other submitted sheets (the chair: every submitted sheet,
   * with `outliers`). Before: null, always.
   */
  others: z.array(memberSheet).nullable(),
  outliers: z.array(outlier).nullable(),
  /** Open clarifications on this lot (the chair cannot finish while any is). */
  openClarifications: z.number(),
  /**
   * R 40: suppliers of the lot whose bid bonds came from the same bank account (masked).
   * Always sent; optional only so that clients built before it still read the reply.
   */
  sameAccountWarnings: z.array(sameAccountWarning).optional(),
  /** The latest report's version and status, or null before the chair finishes. */
  report: z
    .object({ version: z.number(), status: z.enum(['signing', 'final', 'returned']) })
    .nullable(),
});
export type Sheet = z.infer<typeof sheet>;

/** One lot of one tender: the desk's and the report's calls all name it so. */
export const lotQuery = z.object({ tenderId: id('tenderId'), lotId: optionalLotId });

export const listMyTask = defineRoute({
  method: 'GET',
  path: '/api/evaluation/evaluation-management/list-my-task',
  summary: '我的评标任务（本人所在评标委员会，各标段进度与本人评分表状态）',
  tag: '评标',
  /** `tenderId`: only that tender's seat (the desk opens one); an empty page if the caller has none. */
  query: z.object({ ...pageQuery, tenderId: id('tenderId').optional() }),
  data: pageOf(
    z.object({
      tenderId: z.number(),
      tenderNo: z.string(),
      title: z.string(),
      committeeId: z.number(),
      member: committeeMember,
      /** The signed-up suppliers' names, which the pledge covers. */
      suppliers: z.array(z.string()),
      lots: z.array(
        z.object({
          lotId: z.number(),
          lotNo: z.number(),
          name: z.string(),
          state: z.enum(LOT_EVALUATION_STATES),
          sheet: z.enum(SHEET_STATES),
          report: z
            .object({
              version: z.number(),
              status: z.enum(['signing', 'final', 'returned']),
              signed: z.boolean(),
            })
            .nullable(),
        }),
      ),
    }),
  ),
});

export const signPledge = defineRoute({
  method: 'POST',
  path: '/api/evaluation/evaluation-management/sign-pledge',
  summary: '签署评标承诺书（无利害关系），或申请回避（由备选专家递补）',
  tag: '评标',
  body: z
    .object({
      tenderId: id('tenderId'),
      noConflict: z.literal(true, { error: '承诺无利害关系时 noConflict 必须为 true' }).optional(),
      conflict: withoutControlCharacters(
        z.string().trim().min(1, '回避理由不能为空').max(1000, '回避理由最多 1000 个字符'),
      ).optional(),
    })
    .refine((v) => (v.noConflict === true) !== (v.conflict !== undefined), {
      message: '请承诺无利害关系（noConflict），或说明回避理由（conflict），二者择一',
      path: ['noConflict'],
    }),
  data: z.object({
    pledgedAt: z.string().nullable(),
    /** A recusal: the standby (or newly drawn expert) who took the seat. */
    successor: committeeMember.nullable(),
  }),
});

export const getSheet = defineRoute({
  method: 'GET',
  path: '/api/evaluation/evaluation-management/get-sheet',
  summary: '本人评分表（该标段有效投标、评分项、本人评审与评分；提交后可见他人已提交的评分表）',
  tag: '评标',
  query: lotQuery,
  data: sheet,
});

export const saveSheet = defineRoute({
  method: 'POST',
  path: '/api/evaluation/evaluation-management/save-sheet',
  summary: '保存评分表（整表保存，可多次；提交后不可改）',
  tag: '评标',
  body: saveSheetSchema,
  data: sheet,
});

export const submitSheet = defineRoute({
  method: 'POST',
  path: '/api/evaluation/evaluation-management/submit-sheet',
  summary: '提交评分表（锁定；缺评审或评分时 409）',
  tag: '评标',
  body: lotQuery,
  data: sheet,
});

export const reopenSheet = defineRoute({
  method: 'POST',
  path: '/api/evaluation/evaluation-management/reopen-sheet',
  summary: '组长退回某委员的评分表（每人一次，说明理由，完成评标前）',
  tag: '评标',
  body: lotQuery.extend({
    memberId: id('memberId'),
    reason: requiredText('reason', '退回理由', 500),
  }),
  data: z.object({ memberId: z.number(), reopenedAt: z.string() }),
});

// 评标澄清 (R 52)

/** At least this far ahead: a bidder needs time to answer. */
export const MIN_ANSWER_MINUTES = 30;

export const clarification = z.object({
  id: z.number(),
  tenderId: z.number(),
  tenderNo: z.string(),
  tenderTitle: z.string(),
  lotId: z.number(),
  lotNo: z.number(),
  lotName: z.string(),
  bidId: z.number(),
  supplierId: z.number(),
  supplierName: z.string(),
  /** The asking member's name: for members and managers only, null for bidders. */
  askedBy: z.string().nullable(),
  question: z.string(),
  answerBy: z.string(),
  askedAt: z.string(),
  answer: z.string().nullable(),
  answerFiles: z.array(z.object({ id: z.number(), name: z.string(), size: z.number() })),
  answeredAt: z.string().nullable(),
  /** `unanswered`: its time passed without an answer (recorded so in the report). */
  status: z.enum(['open', 'answered', 'unanswered']),
});
export type Clarification = z.infer<typeof clarification>;

export const askClarification = defineRoute({
  method: 'POST',
  path: '/api/evaluation/evaluation-management/ask-clarification',
  summary: '发起评标澄清（书面；答复期限至少 30 分钟后；不得改变报价与实质内容）',
  tag: '评标',
  body: z.object({
    tenderId: id('tenderId'),
    lotId: optionalLotId,
    bidId: id('bidId'),
    question: requiredText('question', '澄清问题', 2000),
    answerBy: isoDateTime('answerBy', '答复期限'),
  }),
  data: clarification,
});

export const listClarification = defineRoute({
  method: 'GET',
  path: '/api/evaluation/evaluation-management/list-clarification',
  summary: '该标段的评标澄清（评标委员会成员与招标管理员）',
  tag: '评标',
  query: lotQuery,
  data: z.array(clarification),
});

export const listMyClarification = defineRoute({
  method: 'GET',
  path: '/api/bidding/clarification-management/list-my-clarification',
  summary: '评标委员会向本公司发出的澄清（含剩余答复时间）',
  tag: '评标澄清',
  query: z.object(pageQuery),
  data: pageOf(clarification),
});

export const answerClarification = defineRoute({
  method: 'POST',
  path: '/api/bidding/clarification-management/answer-clarification',
  summary: '答复评标澄清（文字与附件；不得改变报价与实质内容；期限内一次）',
  tag: '评标澄清',
  body: z.object({
    id: id('id'),
    answer: requiredText('answer', '澄清答复', 5000),
    fileIds: z.array(id('fileIds')).max(10, '附件最多 10 个').default([]),
  }),
  data: clarification,
});

/** One committee of the caller's, as list-my-task lists it. */
export type MyTask = z.infer<typeof listMyTask.data>['list'][number];
