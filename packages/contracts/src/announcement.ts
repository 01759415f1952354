import { z } from 'zod';
import { defineRoute } from './route.js';
import { pageOf, pageQuery } from './envelope.js';
import { emptyToNull, id, isoDateTime, requiredText } from './fields.js';
import { optionalLotId } from './lot.js';

/** The shortest candidate publicity (PRODUCT.md): three days. */
export const MIN_PUBLICITY_DAYS = 3;
/** A manager answers an objection within three days. */
export const OBJECTION_ANSWER_DAYS = 3;
/**
 * A committee tender publishes a lot's candidates within three days of its report becoming
 * final (招标投标法实施条例第五十四条).
 */
export const CANDIDATE_PUBLISH_DAYS = 3;
/** The contract is signed within 30 days of the award notice. */
export const CONTRACT_DEADLINE_DAYS = 30;
export const MAX_ANNOUNCEMENT_CONTENT_LENGTH = 50_000;

export const ANNOUNCEMENT_KINDS = ['candidates', 'result'] as const;
export const announcementKind = z.enum(ANNOUNCEMENT_KINDS, {
  error: '公告类型只能是 candidates（中标候选人公示）或 result（中标结果公告）',
});
export type AnnouncementKind = z.infer<typeof announcementKind>;

export const ANNOUNCEMENT_STATUSES = ['draft', 'published', 'revoked'] as const;
export const announcementStatus = z.enum(ANNOUNCEMENT_STATUSES, {
  error: '公告状态只能是 draft（草稿）、published（已发布）或 revoked（已撤销）',
});
export type AnnouncementStatus = z.infer<typeof announcementStatus>;

/** Where the publicity stands by the server clock: not begun, running, or over. */
export const publicityState = z.enum(['before', 'running', 'ended']);
export type PublicityState = z.infer<typeof publicityState>;

export const announcementCandidate = z.object({
  rank: z.number(),
  bidId: z.number(),
  supplierId: z.number(),
  supplierName: z.string(),
  amount: z.number(),
  reason: z.string(),
});
export type AnnouncementCandidate = z.infer<typeof announcementCandidate>;

export const announcement = z.object({
  id: z.number(),
  tenderId: z.number(),
  tenderNo: z.string(),
  tenderTitle: z.string(),
  /** Candidates and results are per lot; a tender of several lots names the lot in the title. */
  lotId: z.number(),
  lotNo: z.number(),
  lotName: z.string(),
  /** How many lots the tender has (1: the lot need not be named). */
  lotCount: z.number(),
  kind: announcementKind,
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  candidates: z.array(announcementCandidate),
  winnerSupplierId: z.number().nullable(),
  winnerName: z.string().nullable(),
  amount: z.number().nullable(),
  /** The amount in Chinese capital figures (大写), when there is an amount. */
  amountInWords: z.string().nullable(),
  publicityStart: z.string().nullable(),
  publicityEnd: z.string().nullable(),
  /** Null when the announcement has no publicity period. */
  publicityState: publicityState.nullable(),
  status: announcementStatus,
  revokeReason: z.string().nullable(),
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Announcement = z.infer<typeof announcement>;

export const listAnnouncementQuery = z.object({
  ...pageQuery,
  keyword: z.string().trim().max(100).optional(),
  status: announcementStatus.optional(),
  kind: announcementKind.optional(),
  tenderId: id('tenderId').optional(),
});
export const listAnnouncement = defineRoute({
  method: 'GET',
  path: '/api/announcement/announcement-management/list-announcement',
  summary: '中标公告列表（管理员：全部；投标人：已发布与已撤销）',
  tag: '中标公告',
  query: listAnnouncementQuery,
  data: pageOf(announcement),
});

const idQuery = z.object({ id: id('id') });

export const getAnnouncementById = defineRoute({
  method: 'GET',
  path: '/api/announcement/announcement-management/get-announcement-by-id',
  summary: '中标公告详情',
  tag: '中标公告',
  query: idQuery,
  data: announcement,
});

export const updateAnnouncementSchema = z.object({
  id: id('id'),
  title: requiredText('title', '公告标题', 200).optional(),
  content: z
    .string()
    .max(MAX_ANNOUNCEMENT_CONTENT_LENGTH, `公告内容最多 ${MAX_ANNOUNCEMENT_CONTENT_LENGTH} 个字符`)
    .optional(),
  publicityStart: emptyToNull(isoDateTime('publicityStart')),
  publicityEnd: emptyToNull(isoDateTime('publicityEnd')),
});
export const updateAnnouncement = defineRoute({
  method: 'POST',
  path: '/api/announcement/announcement-management/update-announcement',
  summary: '修改中标公告草稿',
  tag: '中标公告',
  body: updateAnnouncementSchema,
  data: announcement,
});

export const publishAnnouncement = defineRoute({
  method: 'POST',
  path: '/api/announcement/announcement-management/publish-announcement',
  summary: '发布中标公告（仅草稿；候选人公示由此开始）',
  tag: '中标公告',
  body: idQuery,
  data: announcement,
});

export const revokeAnnouncement = defineRoute({
  method: 'POST',
  path: '/api/announcement/announcement-management/revoke-announcement',
  summary: '撤销已发布的中标公告（须填写理由，撤销后仍公开显示理由）',
  tag: '中标公告',
  body: z.object({ id: id('id'), reason: requiredText('reason', '撤销理由', 500) }),
  data: announcement,
});

export const getAwardNotice = defineRoute({
  method: 'GET',
  path: '/api/announcement/announcement-management/get-award-notice',
  summary: '中标通知书（PDF；中标人与招标管理员）',
  tag: '中标公告',
  query: z.object({ tenderId: id('tenderId'), lotId: optionalLotId }),
  data: z.any().describe('a PDF file'),
});

/** The 中标通知书 as data, for the printable page. */
export const awardNotice = z.object({
  tenderId: z.number(),
  tenderNo: z.string(),
  tenderTitle: z.string(),
  lotId: z.number(),
  lotNo: z.number(),
  lotName: z.string(),
  lotCount: z.number(),
  winnerSupplierId: z.number(),
  winnerName: z.string(),
  amount: z.number(),
  amountInWords: z.string(),
  currency: z.string(),
  awardedAt: z.string(),
  /** awardedAt + 30 days. */
  contractDeadline: z.string(),
  announcementId: z.number().nullable(),
  /** 招标人, who issues and seals the notice (the server's TENDERER_NAME). */
  tendererName: z.string(),
});
export type AwardNotice = z.infer<typeof awardNotice>;

export const getAwardNoticeData = defineRoute({
  method: 'GET',
  path: '/api/announcement/announcement-management/get-award-notice-data',
  summary: '中标通知书内容（打印页；中标人与招标管理员）',
  tag: '中标公告',
  query: z.object({ tenderId: id('tenderId'), lotId: optionalLotId }),
  data: awardNotice,
});

export const candidateInput = z.object({
  bidId: id('bidId'),
  rank: z.coerce
    .number({ error: '候选人排名必须是数字' })
    .int('候选人排名必须是整数')
    .min(1, '候选人排名最小为 1')
    .max(3, '候选人排名最大为 3'),
  reason: requiredText('reason', '推荐理由', 1000),
});
export const publishCandidatesSchema = z.object({
  id: id('id'),
  lotId: optionalLotId,
  candidates: z
    .array(candidateInput, { error: '中标候选人必须是数组' })
    .min(1, '至少 1 名中标候选人')
    .max(3, '最多 3 名中标候选人'),
  publicityStart: emptyToNull(isoDateTime('publicityStart')),
  publicityEnd: emptyToNull(isoDateTime('publicityEnd')),
});
export const publishCandidates = defineRoute({
  method: 'POST',
  path: '/api/ttender/ttender/publish-candidates',
  summary: '中标候选人公示（生成草稿，发布后公示期开始）',
  tag: '开标',
  body: publishCandidatesSchema,
  data: z.object({ announcementId: z.number() }),
});

/** What the public sees: no draft ever. */
export const publicAnnouncement = announcement.omit({ createdAt: true, updatedAt: true });
export type PublicAnnouncement = z.infer<typeof publicAnnouncement>;

export const searchAnnouncementQuery = z.object({
  ...pageQuery,
  keyword: z.string().trim().max(100).optional(),
  kind: announcementKind.optional(),
});
export const searchAnnouncement = defineRoute({
  method: 'GET',
  path: '/api/public/announcement/search',
  summary: '公开检索已发布的中标公告（1–2 个汉字亦走索引，最新在前）',
  tag: '公开',
  query: searchAnnouncementQuery,
  data: pageOf(publicAnnouncement),
});

export const getPublicAnnouncementById = defineRoute({
  method: 'GET',
  path: '/api/public/announcement/get-by-id',
  summary: '公开的中标公告详情（已发布，或已撤销及其理由）',
  tag: '公开',
  query: idQuery,
  data: publicAnnouncement,
});

/** R 55: a candidate drops out for one of these; the award goes to the next not declined. */
export const DECLINE_GROUNDS = [
  'gave_up',
  'cannot_perform',
  'no_performance_bond',
  'violation',
  'lot_cap',
] as const;
export type DeclineGround = (typeof DECLINE_GROUNDS)[number];
export const DECLINE_GROUND_LABELS: Record<DeclineGround, string> = {
  gave_up: '放弃中标',
  cannot_perform: '因不可抗力不能履行合同',
  no_performance_bond: '未按要求提交履约保证金',
  violation: '被查实存在影响中标结果的违法行为',
  lot_cap: '兼投不兼中（已中标标段数达到上限）',
};

export const declineCandidate = defineRoute({
  method: 'POST',
  path: '/api/ttender/ttender/decline-candidate',
  summary: '中标候选人放弃或被取消（实施条例第五十五条；定标顺延至下一名候选人）',
  tag: '开标',
  body: z.object({
    tenderId: id('tenderId'),
    lotId: optionalLotId,
    bidId: id('bidId'),
    ground: z.enum(DECLINE_GROUNDS, {
      error: '取消理由只能是 gave_up、cannot_perform、no_performance_bond、violation 或 lot_cap',
    }),
    reason: requiredText('reason', '说明', 1000),
    fileIds: z.array(id('fileIds')).max(10, '附件最多 10 个').default([]),
  }),
  data: z.object({
    bidId: z.number(),
    ground: z.enum(DECLINE_GROUNDS),
    declinedAt: z.string(),
    /** The candidate the award now goes to, or null when none is left. */
    nextBidId: z.number().nullable(),
  }),
});

/** A candidate's decline as the manager's views show it. */
export const candidateDecline = z.object({
  ground: z.enum(DECLINE_GROUNDS),
  reason: z.string(),
  declinedAt: z.string(),
});

/**
 * A committee tender's lot once its report is final (managers, on the tender's detail): the
 * report's candidates with any declines, whom the award goes to now, and the candidate
 * publicity against its deadline (R 54) for the countdown.
 */
export const reportCandidates = z.object({
  lotId: z.number(),
  /** When the lot's report became final. */
  reportFinalAt: z.string(),
  /** reportFinalAt + CANDIDATE_PUBLISH_DAYS. */
  candidatesDueAt: z.string(),
  /** The first candidate publicity of the lot published since the report, or null. */
  candidatesPublishedAt: z.string().nullable(),
  /** Published after the due time, or not yet published and the due time has passed. */
  candidatesOverdue: z.boolean(),
  candidates: z.array(
    z.object({
      rank: z.number(),
      bidId: z.number(),
      supplierId: z.number(),
      supplierName: z.string(),
      price: z.number(),
      declined: candidateDecline.nullable(),
    }),
  ),
  /** The first candidate not declined: the only one the award may go to (R 55); null: none. */
  nextBidId: z.number().nullable(),
});
export type ReportCandidates = z.infer<typeof reportCandidates>;
