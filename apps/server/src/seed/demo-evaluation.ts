import type { evaluationApi } from '@tender/contracts';
import type { AppDeps } from '../app-deps.js';
import type { Config } from '../config.js';
import type { Db, Tx } from '../db/client.js';
import type { AuthUser } from '../plugins/auth.js';
import { publishAnnouncement, publishCandidates } from '../modules/announcements/service.js';
import { declineCandidate } from '../modules/announcements/declines.js';
import { submitBid } from '../modules/bids/submit.js';
import { askClarification } from '../modules/evaluation/clarifications.js';
import { drawCommittee } from '../modules/evaluation/draw.js';
import { finishEvaluation } from '../modules/evaluation/finish.js';
import { evaluationOf } from '../modules/evaluation/lot-state.js';
import { signPledge } from '../modules/evaluation/pledge.js';
import { saveSheet, submitSheet } from '../modules/evaluation/sheets.js';
import { signReport } from '../modules/evaluation/signatures.js';
import { openBids } from '../modules/opening/opening.js';
import { viewerOf } from '../modules/tenders/access.js';
import { insertTender, publishTender } from '../modules/tenders/service.js';
import { addSupply } from '../modules/tenders/sign-up.js';
import type { OpeningRecord } from '@tender/contracts';
import type { DemoPeople } from './demo-people.js';
import {
  demoExpertUsers,
  demoSheet,
  sittingMembers,
  type SheetTwist,
} from './demo-evaluation-sheets.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * 评标 in every stage (EVALUATION.md, "Demo data"): `mandatory` energy-storage tenders evaluated
 * by a committee drawn from the demo experts (expert7 works for bidder1, so every draw skips it),
 * made through the services as the manager, the experts and the bidders would, at times
 * relative to the seed's now. The stages stay what their titles say for weeks, except what time
 * itself ends: stage 3's question is answerable for a day (then it lapses as unanswered) and
 * stage 5's 3-day candidate publicity deadline passes (the detail then shows it overdue).
 * Stage 5's committee rejects bidder3's bid by majority, which leaves fewer valid bids than the
 * lot's minimum: it records `continue` with its reason, and the member outvoted dissents.
 */

interface Stage {
  title: string;
  /** Days before now of the bid deadline: each stage's steps follow it by hours. */
  deadlineDaysAgo: number;
  priceFormula: 'lowest_benchmark' | 'average_benchmark';
  /** Omitted: no committee yet. */
  committee?: {
    /** How many members (drawn order, the chair first) have submitted; the next one a draft. */
    submitted: number;
    draft?: boolean;
    question?: boolean;
    twist?: SheetTwist;
    /** How many members have signed the report (the chair finishes once all submitted). */
    signed?: number;
    /** Too few valid bids after the rejections: the committee's decision, with its reason. */
    insufficient?: { insufficient: 'continue' | 'fail'; reason: string };
    dissent?: { member: number; reason: string };
    candidates?: 'published' | 'declined';
  };
}

const STAGES: Stage[] = [
  {
    title: '电网侧储能电站储能变流器采购（评标委员会组建中）',
    deadlineDaysAgo: 1,
    priceFormula: 'lowest_benchmark',
  },
  {
    title: '用户侧储能项目储能变流器采购（评分进行中）',
    deadlineDaysAgo: 2,
    priceFormula: 'lowest_benchmark',
    committee: { submitted: 2, draft: true },
  },
  {
    title: '新能源配套储能工程储能变流器采购（评标澄清中）',
    deadlineDaysAgo: 2,
    priceFormula: 'average_benchmark',
    committee: { submitted: 2, draft: true, question: true },
  },
  {
    title: '独立共享储能电站储能变流器采购（评标报告签字中）',
    deadlineDaysAgo: 2,
    priceFormula: 'lowest_benchmark',
    committee: { submitted: 5, twist: { outlierMember: 3 }, signed: 3 },
  },
  {
    title: '风储一体化项目储能变流器采购（评标报告已生效，有不同意见）',
    deadlineDaysAgo: 2,
    priceFormula: 'average_benchmark',
    committee: {
      submitted: 5,
      twist: { rejectingMembers: [2, 3, 4] },
      insufficient: {
        insufficient: 'continue',
        reason:
          '否决一家投标后有效投标 2 个，少于最少有效投标数 3 个；两家有效投标均实质性响应招标文件，报价明显具有竞争性，评标委员会决定继续评标。',
      },
      signed: 5,
      dissent: {
        member: 1,
        reason:
          '被否决投标人的高低电压穿越型式试验报告可在供货前补交，不构成实质性不响应，本人认为不应否决其投标。',
      },
    },
  },
  {
    title: '光储充一体化电站储能变流器采购（第一中标候选人放弃中标）',
    deadlineDaysAgo: 8,
    priceFormula: 'lowest_benchmark',
    committee: { submitted: 5, signed: 5, candidates: 'declined' },
  },
];

const CRITERIA = [
  { name: '技术方案', kind: 'technical', maxScore: 45 },
  { name: '商务条款', kind: 'commercial', maxScore: 15 },
  { name: '售后服务', kind: 'technical', maxScore: 10 },
  { name: '投标报价', kind: 'price', maxScore: 30 },
] as const;

const BUDGET = 4_800_000;
/** bidder1…3's prices as a share of the budget. */
const PRICE_SHARES = [0.93, 0.95, 0.9];

export async function seedDemoEvaluation(
  tx: Tx,
  config: Pick<Config, 'bidSealKey'>,
  people: DemoPeople,
  now = new Date(),
) {
  let current = now;
  const deps = {
    config,
    db: tx as unknown as Db,
    clock: { now: () => current },
  } as unknown as AppDeps;
  const at = (time: number) => {
    current = new Date(time);
  };
  const experts = await demoExpertUsers(tx);
  for (const [index, stage] of STAGES.entries()) {
    // An hour apart, so that the lists (newest first) show the stages in their order.
    const deadline = now.getTime() - stage.deadlineDaysAgo * DAY - index * HOUR;
    const { tenderId, bidIds } = await openedTender(deps, at, people, stage, deadline);
    if (stage.committee)
      await evaluate(deps, at, people, experts, { tenderId, bidIds, deadline, now, stage });
  }
}

/** Published 25 days before its deadline (20 at least for `mandatory`), bid on, opened. */
async function openedTender(
  deps: AppDeps,
  at: (time: number) => void,
  { manager, bidders, actor }: DemoPeople,
  stage: Stage,
  deadline: number,
) {
  at(deadline - 25 * DAY);
  const { id: tenderId } = await insertTender(
    deps,
    {
      title: stage.title,
      category: 'energy_storage',
      procurementMethod: 'open',
      bondForms: ['transfer', 'guarantee', 'insurance'],
      budget: BUDGET,
      currency: 'CNY',
      region: 'north',
      description: `<p>${stage.title.replace(/（.*）$/, '')}，依法必须招标，由评标委员会按综合评估法评标。</p>`,
      contact: '张采购',
      contactPhone: '010-88886666',
      mandatory: true,
      docsFrom: null,
      docsUntil: null,
      bidValidityDays: 90,
      bidDeadline: new Date(deadline).toISOString(),
      openingAt: null,
      minBids: 3,
      priceCeiling: null,
      sealMode: 'server',
      decryptionMinutes: 30,
      confirmMinutes: 30,
      invitedSupplierIds: [],
      documentIds: [],
      lots: [
        {
          name: '储能变流器（PCS）',
          budget: BUDGET,
          minBids: 3,
          bidBond: 0,
          quantity: '12 台',
          description: '',
        },
      ] as never,
      maxLotsPerWinner: null,
      evaluation: {
        committee: true,
        method: 'comprehensive',
        criteria: CRITERIA.map((c) => ({ ...c })),
        priceFormula: stage.priceFormula,
        benchmarkFactor: 0.95,
        deductAbove: 1,
        deductBelow: 0.5,
        candidates: 3,
      },
    },
    manager,
    actor(manager, '新建招标'),
  );
  await publishTender(deps, tenderId, actor(manager, '发布招标'));
  for (const [b, bidder] of bidders.entries()) {
    at(deadline - (12 - b) * DAY);
    await addSupply(
      deps,
      { tenderId },
      bidder,
      await viewerOf(deps.db, bidder),
      actor(bidder, '报名'),
    );
    at(deadline - (6 - b) * DAY);
    await submitBid(
      deps,
      {
        tenderId,
        totalPrice: BUDGET * PRICE_SHARES[b]!,
        currency: 'CNY',
        deliveryDays: 60 + 10 * b,
        warrantyMonths: 36 + 12 * (b % 2),
        remark: `${bidder.realName}：含储能变流器供货、运输、安装指导及并网调试`,
        fileIds: [],
      },
      bidder,
      actor(bidder, '提交或修改密封报价'),
      { ip: `10.0.3.${11 + b}`, userAgent: 'Mozilla/5.0 (demo)' },
    );
  }
  at(deadline + 10 * MINUTE);
  const record = (await openBids(deps, tenderId, manager, actor(manager, '开标'))) as OpeningRecord;
  const bidIds = bidders.map((bidder) => {
    const entry = record.entries.find((e) => e.supplierId === bidder.supplierId)!;
    return entry.bidId;
  });
  return { tenderId, bidIds };
}

interface Evaluated {
  tenderId: number;
  bidIds: number[];
  deadline: number;
  now: Date;
  stage: Stage;
}

/** The committee's work after the opening, as far as the stage goes, hour by hour. */
async function evaluate(
  deps: AppDeps,
  at: (time: number) => void,
  { manager, actor }: DemoPeople,
  experts: Map<number, AuthUser>,
  { tenderId, bidIds, deadline, now, stage }: Evaluated,
) {
  const plan = stage.committee!;
  const hour = (h: number) => at(deadline + h * HOUR);
  hour(1);
  const committee = await drawCommittee(
    deps,
    {
      tenderId,
      size: 5,
      standbys: 1,
      specialties: [],
      representativeIds: [],
      chairExpertRank: 1,
    },
    manager,
    actor(manager, '抽取评标专家'),
  );
  const members = sittingMembers(committee, experts);
  for (const [i, member] of members.entries()) {
    hour(2 + i / 6);
    await signPledge(deps, { tenderId, noConflict: true }, member, actor(member, '签署评标承诺书'));
  }
  const evaluation: evaluationApi.EvaluationView = await evaluationOf(deps.db, tenderId);
  const sheetOf = (i: number, twist: SheetTwist = {}) =>
    demoSheet(tenderId, evaluation, bidIds, i, { ...plan.twist, ...twist });
  for (const [i, member] of members.slice(0, plan.submitted).entries()) {
    hour(20 + i);
    await saveSheet(deps, sheetOf(i), member, actor(member, '保存评分表'));
    await submitSheet(deps, { tenderId }, member, actor(member, '提交评分表'));
  }
  if (plan.draft) {
    const i = plan.submitted;
    hour(20 + i);
    await saveSheet(
      deps,
      sheetOf(i, { draftBids: 2 }),
      members[i]!,
      actor(members[i]!, '保存评分表'),
    );
  }
  if (plan.question) {
    // Answerable until a day after the seed ran; after that it lapses as unanswered.
    hour(23);
    await askClarification(
      deps,
      {
        tenderId,
        bidId: bidIds[1]!,
        question:
          '请澄清贵公司投标文件中储能变流器的最大充放电效率（98.6%）对应的测试工况，并提供第三方检测报告页码。',
        answerBy: new Date(now.getTime() + DAY).toISOString(),
      },
      members[1]!,
      actor(members[1]!, '发起评标澄清'),
    );
  }
  if (plan.signed === undefined) return;
  hour(26);
  const chair = members[0]!;
  const report = await finishEvaluation(
    deps,
    { tenderId, ...plan.insufficient },
    chair,
    actor(chair, '完成评标'),
  );
  for (const [i, member] of members.slice(0, plan.signed).entries()) {
    hour(27 + i / 2);
    await signReport(
      deps,
      i === plan.dissent?.member
        ? { tenderId, agree: false, dissent: plan.dissent.reason }
        : { tenderId, agree: true },
      member,
      actor(member, '签署评标报告'),
    );
  }
  if (!plan.candidates) return;
  hour(48);
  const { announcementId } = await publishCandidates(
    deps,
    {
      id: tenderId,
      candidates: report.candidates.map((c) => ({
        bidId: c.bidId,
        rank: c.rank,
        reason: `评标委员会推荐，综合得分 ${c.total} 分，排名第 ${c.rank}`,
      })),
    },
    manager,
    actor(manager, '公示中标候选人'),
  );
  hour(49);
  await publishAnnouncement(deps, announcementId, actor(manager, '发布中标候选人公示'));
  if (plan.candidates !== 'declined') return;
  // After the 3-day publicity: the first candidate gives up; the award may go to the second.
  hour(6 * 24);
  const first = report.candidates[0]!;
  await declineCandidate(
    deps,
    {
      tenderId,
      bidId: first.bidId,
      ground: 'gave_up',
      reason: `${first.supplierName}书面函告：因储能变流器核心功率模块供货周期无法满足招标文件交货期要求，放弃中标。`,
      fileIds: [],
    },
    manager,
    actor(manager, '中标候选人放弃或被取消'),
  );
}
