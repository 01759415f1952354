import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, like } from 'drizzle-orm';
import type { announcementApi } from '@tender/contracts';
import {
  bidApi,
  committeeApi,
  deskApi,
  notificationApi,
  reportApi,
  tenderApi,
} from '@tender/contracts';
import { announcements, bids, tenders, users } from '../src/db/schema/index.js';
import { startTestApp, type TestApp } from './support/app.js';
import { auditRowsOf } from './support/audit.js';

/** The demo evaluation (seed/demo-evaluation.ts): one committee tender per stage, as users see it. */

const STAGES = {
  forming: '（评标委员会组建中）',
  scoring: '（评分进行中）',
  question: '（评标澄清中）',
  signing: '（评标报告签字中）',
  dissent: '（评标报告已生效，有不同意见）',
  declined: '（第一中标候选人放弃中标）',
} as const;
type Stage = keyof typeof STAGES;

let t: TestApp;
let manager: string;
const tenderIds = new Map<Stage, number>();
/** Expert tokens by user id (whoever the draws seated). */
const expertTokens = new Map<number, string>();
let expert7Id: number;

beforeAll(async () => {
  t = await startTestApp({ demoTenders: true, demoBids: true });
  manager = await t.login('manager');
  for (const [stage, suffix] of Object.entries(STAGES) as [Stage, string][]) {
    const rows = await t.database.db
      .select({ id: tenders.id })
      .from(tenders)
      .where(like(tenders.title, `%${suffix}`));
    expect(rows, suffix).toHaveLength(1);
    tenderIds.set(stage, rows[0]!.id);
  }
  const experts = await t.database.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      inArray(users.username, [
        'expert1',
        'expert2',
        'expert3',
        'expert4',
        'expert5',
        'expert6',
        'expert7',
      ]),
    );
  for (const expert of experts) {
    if (expert.username === 'expert7') expert7Id = expert.id;
    else expertTokens.set(expert.id, await t.login(expert.username));
  }
});
afterAll(() => t.close());

const committeeOf = async (stage: Stage) => {
  const reply = await t.call(
    committeeApi.getCommittee,
    { tenderId: tenderIds.get(stage)! },
    manager,
  );
  expect(reply.status).toBe(200);
  return reply.body.data as committeeApi.Committee;
};
/** The sitting members' tokens in drawn order (the chair first). */
const memberTokens = async (stage: Stage) =>
  (await committeeOf(stage)).members.map((m) => expertTokens.get(m.userid)!);
const taskOf = async (token: string, stage: Stage) => {
  const reply = await t.call(deskApi.listMyTask, { pageNum: 1, pageSize: 50 }, token);
  expect(reply.status).toBe(200);
  return (reply.body.data.list as deskApi.MyTask[]).find(
    (task) => task.tenderId === tenderIds.get(stage),
  );
};
const reportOf = async (stage: Stage) => {
  const reply = await t.call(reportApi.getReport, { tenderId: tenderIds.get(stage)! }, manager);
  expect(reply.status).toBe(200);
  return reply.body.data as reportApi.EvaluationReport;
};
const detailOf = async (stage: Stage) => {
  const reply = await t.call(tenderApi.getTtenderById, { id: tenderIds.get(stage)! }, manager);
  expect(reply.status).toBe(200);
  return reply.body.data;
};

describe('demo evaluation', () => {
  it('has a committee tender opened past its deadline with no committee yet: the manager can draw', async () => {
    const detail = await detailOf('forming');
    expect(detail).toMatchObject({
      status: 'evaluating',
      mandatory: true,
      category: 'energy_storage',
    });
    expect(detail.evaluation).toMatchObject({ committee: true, method: 'comprehensive' });
    expect(detail.evaluation.criteria.map((c: { maxScore: number }) => c.maxScore)).toEqual([
      45, 15, 10, 30,
    ]);
    const committee = await t.call(
      committeeApi.getCommittee,
      { tenderId: tenderIds.get('forming')! },
      manager,
    );
    expect(committee.status).toBe(404);
    for (const token of expertTokens.values())
      expect(await taskOf(token, 'forming')).toBeUndefined();
    // The manager's draw: five of expert1–6 and the sixth standing by, never expert7.
    const drawn = await t.call(
      committeeApi.drawCommittee,
      { tenderId: tenderIds.get('forming')!, size: 5, standbys: 1 },
      manager,
    );
    expect(drawn.status).toBe(200);
    const seated = [...drawn.body.data.members, ...drawn.body.data.standbys].map(
      (m: { userid: number }) => m.userid,
    );
    expect(new Set(seated)).toEqual(new Set(expertTokens.keys()));
  });

  it('draws five members and one standby from expert1–6, never expert7 (bidder1’s employee), verifiably', async () => {
    for (const stage of ['scoring', 'question', 'signing', 'dissent', 'declined'] as const) {
      const committee = await committeeOf(stage);
      expect(committee.members).toHaveLength(5);
      expect(committee.members.every((m) => m.status === 'active' && m.pledgedAt)).toBe(true);
      expect(committee.members.filter((m) => m.chair)).toHaveLength(1);
      expect(committee.standbys).toHaveLength(1);
      const seated = [...committee.members, ...committee.standbys].map((m) => m.userid);
      expect(seated).not.toContain(expert7Id);
      expect(new Set(seated)).toEqual(new Set(expertTokens.keys()));
      const verify = await t.call(
        committeeApi.verifyDraw,
        { tenderId: committee.tenderId },
        manager,
      );
      expect(verify.body.data.matches).toBe(true);
    }
  });

  it('half fills the sheets: two submitted, one draft, two not started, as each member sees it', async () => {
    const members = await memberTokens('scoring');
    const states = [];
    for (const token of members) {
      const task = (await taskOf(token, 'scoring'))!;
      expect(task.member.pledgedAt).not.toBeNull();
      expect(task.suppliers).toHaveLength(3);
      states.push(task.lots[0]!.state + '/' + task.lots[0]!.sheet);
    }
    expect(states).toEqual([
      'evaluating/submitted',
      'evaluating/submitted',
      'evaluating/draft',
      'evaluating/none',
      'evaluating/none',
    ]);
    const sheet = await t.call(
      deskApi.getSheet,
      { tenderId: tenderIds.get('scoring')! },
      members[3]!,
    );
    expect(sheet.status).toBe(200);
    expect(sheet.body.data.bids).toHaveLength(3);
    expect(sheet.body.data.progress.map((p: { submitted: boolean }) => p.submitted)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('has a question open to bidder2, answerable for about a day, without the asker’s name', async () => {
    const bidder2 = await t.login('bidder2');
    const reply = await t.call(deskApi.listMyClarification, { pageNum: 1, pageSize: 20 }, bidder2);
    expect(reply.status).toBe(200);
    const mine = (reply.body.data.list as deskApi.Clarification[]).filter(
      (c) => c.tenderId === tenderIds.get('question'),
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'open', askedBy: null, answer: null });
    const hoursLeft = (Date.parse(mine[0]!.answerBy) - Date.now()) / 3600_000;
    expect(hoursLeft).toBeGreaterThan(20);
    expect(hoursLeft).toBeLessThanOrEqual(24);
    const notices = await t.call(
      notificationApi.listMyNotification,
      { pageNum: 1, pageSize: 50 },
      bidder2,
    );
    expect(
      notices.body.data.list.some(
        (n: { kind: string; link: string }) =>
          n.kind === 'clarification_asked' && n.link === `/clarification?id=${mine[0]!.id}`,
      ),
    ).toBe(true);
    // The members see who asked: the second drawn.
    const committee = await committeeOf('question');
    const listed = await t.call(
      deskApi.listClarification,
      { tenderId: tenderIds.get('question')! },
      expertTokens.get(committee.members[0]!.userid)!,
    );
    expect(listed.body.data[0].askedBy).toBe(committee.members[1]!.name);
  });

  it('has a report awaiting two signatures, with an outlier for the chair', async () => {
    const report = await reportOf('signing');
    expect(report).toMatchObject({ version: 1, status: 'signing', outcome: 'ranked' });
    expect(report.signatures).toHaveLength(3);
    expect(report.unsigned).toHaveLength(2);
    expect(report.outliers.length).toBeGreaterThan(0);
    const members = await memberTokens('signing');
    const unsigned = (await taskOf(members[4]!, 'signing'))!.lots[0]!;
    expect(unsigned).toMatchObject({ state: 'finished', sheet: 'submitted' });
    expect(unsigned.report).toEqual({ version: 1, status: 'signing', signed: false });
    expect((await taskOf(members[0]!, 'signing'))!.lots[0]!.report!.signed).toBe(true);
  });

  it('has a final report rejecting a bid by majority, continuing with too few bids, one dissent, not yet published (the countdown runs)', async () => {
    const report = await reportOf('dissent');
    expect(report.status).toBe('final');
    expect(report.unsigned).toEqual([]);
    // Three of the five members rejected bidder3's bid, each with its R 51 ground.
    const committee = await committeeOf('dissent');
    expect(report.rejections).toHaveLength(1);
    const [rejection] = report.rejections;
    const [bidder3] = await t.database.db
      .select({ supplierId: users.supplierId })
      .from(users)
      .where(eq(users.username, 'bidder3'));
    expect(rejection).toMatchObject({ supplierId: bidder3!.supplierId, votes: 3, of: 5 });
    expect(rejection!.grounds.map((g) => g.memberId)).toEqual(
      committee.members.slice(2).map((m) => m.memberId),
    );
    expect(rejection!.grounds.every((g) => g.ground === 'non_responsive' && g.note)).toBe(true);
    // Two valid bids, fewer than the lot's minimum of three: the committee went on, saying why.
    expect(report).toMatchObject({ openedValid: 3, validCount: 2, minBids: 3, outcome: 'ranked' });
    expect(report.insufficient).toMatchObject({ decision: 'continue' });
    expect(report.insufficient!.reason).toContain('继续评标');
    expect(report.ranking.map((r) => r.bidId)).not.toContain(rejection!.bidId);
    expect(report.candidates).toHaveLength(2);
    // The outvoted member who passed the bid dissents.
    const dissents = report.signatures.filter((s) => !s.agree);
    expect(dissents).toHaveLength(1);
    expect(dissents[0]).toMatchObject({ memberId: committee.members[1]!.memberId });
    expect(dissents[0]!.dissent).toContain('不应否决');
    // The bid stays in the record as rejected, with its ground.
    const [bid] = await t.database.db
      .select({ status: bids.status, rejectGrounds: bids.rejectGrounds })
      .from(bids)
      .where(eq(bids.id, rejection!.bidId));
    expect(bid).toEqual({ status: 'rejected', rejectGrounds: ['non_responsive'] });
    const [lot] = (await detailOf('dissent')).reportCandidates!;
    expect(lot!.candidatesPublishedAt).toBeNull();
    expect(Date.parse(lot!.candidatesDueAt)).toBeGreaterThan(Date.now());
    expect(lot!.candidatesOverdue).toBe(false);
  });

  it('has a declined first candidate: the award to it is refused, to the second allowed', async () => {
    const tenderId = tenderIds.get('declined')!;
    const [publicity] = await t.database.db
      .select()
      .from(announcements)
      .where(and(eq(announcements.tenderId, tenderId), eq(announcements.kind, 'candidates')));
    expect(publicity).toMatchObject({ status: 'published' });
    expect(publicity!.publicityEnd!.getTime()).toBeLessThan(Date.now());

    const [lot] = (await detailOf('declined'))
      .reportCandidates! as announcementApi.ReportCandidates[];
    const [first, second] = lot!.candidates;
    expect(first!.declined).toMatchObject({ ground: 'gave_up' });
    expect(first!.declined!.reason).toContain('放弃中标');
    expect(second!.declined).toBeNull();
    expect(lot!.nextBidId).toBe(second!.bidId);

    const audit = await auditRowsOf(t, 'tender', tenderId);
    expect(audit.some((row) => (row.after as { ground?: string })?.ground === 'gave_up')).toBe(
      true,
    );

    const reason = '评标委员会推荐的中标候选人';
    const refused = await t.call(
      bidApi.awardTtender,
      { id: tenderId, bidId: first!.bidId, reason },
      manager,
    );
    expect(refused.status).toBe(409);
    const awarded = await t.call(
      bidApi.awardTtender,
      { id: tenderId, bidId: second!.bidId, reason },
      manager,
    );
    expect(awarded.status).toBe(200);
  });
});
