import { z } from 'zod';
import { defineRoute } from './route.js';
import { id, intIn, requiredText } from './fields.js';

/**
 * 组建评标委员会 (EVALUATION.md §2, "Forming the committee"): a random, re-checkable draw from
 * the expert pool after the bid deadline, the buyer's representatives, standbys, the chair.
 */

/** A committee has at least this many on `mandatory` tenders (Law 37), 3 otherwise. */
export const MANDATORY_MIN_COMMITTEE = 5;
export const MIN_COMMITTEE = 3;
export const MAX_COMMITTEE = 25;
export const DEFAULT_STANDBYS = 2;
export const MAX_STANDBYS = 10;

/** Representatives are at most ⌊n/3⌋: experts are at least two thirds (Law 37). */
export const maxRepresentatives = (size: number) => Math.floor(size / 3);

export const MEMBER_KINDS = ['expert', 'representative'] as const;
export const MEMBER_KIND_LABELS: Record<(typeof MEMBER_KINDS)[number], string> = {
  expert: '评标专家',
  representative: '招标人代表',
};
export const MEMBER_STATUSES = ['active', 'replaced', 'recused'] as const;
export const MEMBER_STATUS_LABELS: Record<(typeof MEMBER_STATUSES)[number], string> = {
  active: '在任',
  replaced: '已更换',
  recused: '已回避',
};

export const drawCommitteeSchema = z.object({
  tenderId: id('tenderId'),
  size: intIn('评标委员会人数', MIN_COMMITTEE, MAX_COMMITTEE).refine(
    (n) => n % 2 === 1,
    '评标委员会人数必须为单数（招标投标法第三十七条）',
  ),
  /** Tender managers (user ids) sitting as the buyer's representatives. */
  representativeIds: z
    .array(id('representativeIds'), { error: '招标人代表必须是数组' })
    .max(8, '招标人代表最多 8 人')
    .default([]),
  /** Values of tender_category; empty: the tender's category. */
  specialties: z
    .array(requiredText('specialties', '抽取专业', 50), { error: '抽取专业必须是数组' })
    .max(10, '抽取专业最多 10 个')
    .default([]),
  standbys: intIn('备选专家人数', 0, MAX_STANDBYS).default(DEFAULT_STANDBYS),
  /** Which drawn expert chairs (1: the first drawn). */
  chairExpertRank: intIn('组长序号', 1, MAX_COMMITTEE).default(1),
});
export type DrawCommitteeInput = z.input<typeof drawCommitteeSchema>;

export const committeeMember = z.object({
  memberId: z.number(),
  userid: z.number(),
  name: z.string(),
  employer: z.string(),
  title: z.string().nullable(),
  kind: z.enum(MEMBER_KINDS),
  chair: z.boolean(),
  status: z.enum(MEMBER_STATUSES),
  pledgedAt: z.string().nullable(),
  /** Recused: the conflict declared; replaced: the manager's reason. */
  reason: z.string().nullable(),
  joinedAt: z.string(),
  /** The draw that seated it, null for representatives. */
  drawId: z.number().nullable(),
});
export type CommitteeMember = z.infer<typeof committeeMember>;

export const committeeStandby = z.object({
  memberId: z.number(),
  userid: z.number(),
  name: z.string(),
  employer: z.string(),
  rank: z.number(),
});

export const committeeDraw = z.object({
  drawId: z.number(),
  kind: z.enum(['initial', 'refill']),
  seed: z.string(),
  eligibleIds: z.array(z.number()),
  eligibleDigest: z.string(),
  seats: z.number(),
  drawnIds: z.array(z.number()),
  drawnAt: z.string(),
});

export const committee = z.object({
  committeeId: z.number(),
  tenderId: z.number(),
  size: z.number(),
  specialties: z.array(z.string()),
  /** The first draw's seed and digest (API.md); every draw in `draws`. */
  seed: z.string(),
  eligibleDigest: z.string(),
  members: z.array(committeeMember),
  standbys: z.array(committeeStandby),
  draws: z.array(committeeDraw),
  createdAt: z.string(),
});
export type Committee = z.infer<typeof committee>;

export const drawCommittee = defineRoute({
  method: 'POST',
  path: '/api/evaluation/committee-management/draw-committee',
  summary: '组建评标委员会（截止后；随机抽取专家，记录种子与合格名单摘要）',
  tag: '评标委员会',
  body: drawCommitteeSchema,
  data: committee,
});

export const getCommittee = defineRoute({
  method: 'GET',
  path: '/api/evaluation/committee-management/get-committee',
  summary: '评标委员会（招标管理员；委员本人）',
  tag: '评标委员会',
  query: z.object({ tenderId: id('tenderId') }),
  data: committee,
});

export const verifyDraw = defineRoute({
  method: 'GET',
  path: '/api/evaluation/committee-management/verify-draw',
  summary: '验证抽取（按记录的种子与合格名单重算每次抽取）',
  tag: '评标委员会',
  query: z.object({ tenderId: id('tenderId') }),
  data: z.object({
    matches: z.boolean(),
    recomputed: z.array(
      z.object({
        drawId: z.number(),
        kind: z.enum(['initial', 'refill']),
        /** The digest of the recorded eligible list equals the recorded digest. */
        digestMatches: z.boolean(),
        drawnIds: z.array(z.number()),
        /** The experts seated by this draw, as the committee's rows say. */
        recordedIds: z.array(z.number()),
        matches: z.boolean(),
      }),
    ),
  }),
});

export const replaceMember = defineRoute({
  method: 'POST',
  path: '/api/evaluation/committee-management/replace-member',
  summary: '更换委员（说明理由；其评分表作废，由备选专家递补，无备选时重新抽取）',
  tag: '评标委员会',
  body: z.object({
    memberId: id('memberId'),
    reason: requiredText('reason', '更换理由', 500),
  }),
  data: committeeMember,
});
