import { z } from 'zod';
import { defineRoute } from './route.js';
import { intIn, requiredText } from './fields.js';
import { evaluationView } from './evaluation.js';
import { MEMBER_KINDS } from './committee.js';
import {
  clarification,
  lotQuery,
  memberSheet,
  outlier,
  REJECT_GROUNDS,
} from './evaluation-desk.js';

/**
 * 评标报告 (EVALUATION.md §2, "The result and the report"): computed by the chair's finish,
 * signed by every member, final when all have; a manager may return a final report once per
 * reason, which re-opens the sheets and makes a new version (the old one is kept).
 */

/** A report's version: 1, 2 … (each return makes one more; the column is a smallint). */
const reportVersion = intIn('报告版本', 1, 1000).describe('version');

export const REPORT_STATUSES = ['signing', 'final', 'returned'] as const;
export const REPORT_STATUS_LABELS: Record<(typeof REPORT_STATUSES)[number], string> = {
  signing: '待签字',
  final: '已生效',
  returned: '已退回',
};

/** Fewer valid bids than the lot's minimum: the committee decides (P 27). */
export const INSUFFICIENT_DECISIONS = ['fail', 'continue'] as const;
export const INSUFFICIENT_LABELS: Record<(typeof INSUFFICIENT_DECISIONS)[number], string> = {
  fail: '否决全部投标，该标段流标',
  continue: '有效投标不足但具有竞争性，继续评标',
};

/** A manager returns a final report for one of these (发改法规〔2022〕1117号). */
export const RETURN_REASONS_HINT = '计算错误、随意否决投标、评分畸高畸低等';

export const reportMember = z.object({
  memberId: z.number(),
  name: z.string(),
  employer: z.string(),
  title: z.string().nullable(),
  kind: z.enum(MEMBER_KINDS),
  chair: z.boolean(),
});

export const reportRanking = z.object({
  rank: z.number(),
  bidId: z.number(),
  supplierId: z.number(),
  supplierName: z.string(),
  price: z.number(),
  /** Each non-price criterion's mean of the members' scores (comprehensive; else empty). */
  scores: z.array(z.object({ criterionId: z.number(), score: z.number() })),
  priceScore: z.number().nullable(),
  total: z.number().nullable(),
  submittedAt: z.string(),
});
export type ReportRanking = z.infer<typeof reportRanking>;

export const reportRejection = z.object({
  bidId: z.number(),
  supplierId: z.number(),
  supplierName: z.string(),
  /** Members who rejected, of how many. */
  votes: z.number(),
  of: z.number(),
  grounds: z.array(
    z.object({ memberId: z.number(), ground: z.enum(REJECT_GROUNDS), note: z.string() }),
  ),
});

export const reportSignature = z.object({
  memberId: z.number(),
  name: z.string(),
  agree: z.boolean(),
  dissent: z.string().nullable(),
  signedAt: z.string(),
});

export const evaluationReport = z.object({
  reportId: z.number(),
  tenderId: z.number(),
  tenderNo: z.string(),
  tenderTitle: z.string(),
  lotId: z.number(),
  lotNo: z.number(),
  lotName: z.string(),
  version: z.number(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.string(),
  finalAt: z.string().nullable(),
  /** SHA-256 (hex) of the report's content as computed, before signatures. */
  digest: z.string(),
  evaluation: evaluationView,
  members: z.array(reportMember),
  minBids: z.number(),
  openedValid: z.number(),
  validCount: z.number(),
  /** Set when valid bids < minBids: the committee's decision and its reason. */
  insufficient: z
    .object({ decision: z.enum(INSUFFICIENT_DECISIONS), reason: z.string() })
    .nullable(),
  outcome: z.enum(['ranked', 'failed']),
  ranking: z.array(reportRanking),
  candidates: z.array(reportRanking),
  rejections: z.array(reportRejection),
  sheets: z.array(memberSheet),
  clarifications: z.array(clarification),
  outliers: z.array(outlier),
  signatures: z.array(reportSignature),
  /** Members yet to sign this version. */
  unsigned: z.array(z.object({ memberId: z.number(), name: z.string() })),
  returnReason: z.string().nullable(),
  /** Earlier versions (returned), newest first. */
  history: z.array(
    z.object({
      version: z.number(),
      digest: z.string(),
      returnedAt: z.string().nullable(),
      returnReason: z.string().nullable(),
    }),
  ),
});
export type EvaluationReport = z.infer<typeof evaluationReport>;

/** What a version's signing, finality and return change: not part of its content or digest. */
export const REPORT_STATE_FIELDS = [
  'reportId',
  'status',
  'finalAt',
  'digest',
  'signatures',
  'unsigned',
  'returnReason',
  'history',
] as const;
/** The report as the finish computed it: stored as a version's content, hashed into its digest. */
export type EvaluationReportContent = Omit<EvaluationReport, (typeof REPORT_STATE_FIELDS)[number]>;

/** Agreeing needs no reason: a dissent text sent with agree true is refused, not dropped. */
export const DISSENT_WITH_AGREE = '同意时不填写不同意理由';

export const finishEvaluation = defineRoute({
  method: 'POST',
  path: '/api/evaluation/evaluation-management/finish-evaluation',
  summary: '完成评标（组长；全部委员已提交且无未答复澄清；生成评标报告）',
  tag: '评标',
  body: lotQuery.extend({
    insufficient: z
      .enum(INSUFFICIENT_DECISIONS, {
        error: '有效投标不足时的决定只能是 fail（流标）或 continue（继续评标）',
      })
      .optional(),
    reason: requiredText('reason', '决定理由', 1000).optional(),
  }),
  data: evaluationReport,
});

export const getReport = defineRoute({
  method: 'GET',
  path: '/api/evaluation/evaluation-management/get-report',
  summary: '评标报告（评标委员会成员与招标管理员；version 省略为最新版本）',
  tag: '评标',
  query: lotQuery.extend({ version: reportVersion.optional() }),
  data: evaluationReport,
});

export const signReport = defineRoute({
  method: 'POST',
  path: '/api/evaluation/evaluation-management/sign-report',
  summary: '签署评标报告（同意；或不同意并书面说明理由）',
  tag: '评标',
  body: lotQuery.extend({
    agree: z.boolean({ error: '签字意见必须是同意（true）或不同意（false）' }),
    dissent: requiredText('dissent', '不同意理由', 1000).optional(),
  }),
  data: evaluationReport,
});

export const returnReport = defineRoute({
  method: 'POST',
  path: '/api/evaluation/evaluation-management/return-report',
  summary: '退回评标报告（招标管理员；已生效的报告，每个理由一次；评分表重新开放）',
  tag: '评标',
  body: lotQuery.extend({ reason: requiredText('reason', '退回理由', 1000) }),
  data: z.object({ version: z.number(), returnedAt: z.string() }),
});

export const downloadReport = defineRoute({
  method: 'GET',
  path: '/api/evaluation/evaluation-management/download-report',
  summary: '下载评标报告 PDF（内嵌中文字体，附 SHA-256 摘要）',
  tag: '评标',
  query: lotQuery.extend({ version: reportVersion.optional() }),
  data: z.any().describe('a PDF file'),
});
