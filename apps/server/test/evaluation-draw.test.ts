import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { committeeApi, deskApi } from '@tender/contracts';
import {
  committeeMembers,
  evaluationSheets,
  experts,
  suppliers,
  tenders,
  users,
} from '../src/db/schema/index.js';
import { drawSeats, newDrawSeed } from '../src/lib/committee-draw.js';
import { eligibleExpertIds } from '../src/modules/evaluation/eligible-experts.js';
import { startTestApp, TestClock, type TestApp } from './support/app.js';
import { manyBidders } from './support/bids.js';
import { COMPREHENSIVE, createExperts, type ExpertSpec } from './support/evaluation.js';
import { createLotTender, signUpForLots } from './support/opening-lots.js';
import { auditRowsOf } from './support/audit.js';

/**
 * 组建评标委员会 over HTTP: who may be drawn (回避 by employer name or credit code), the draw's
 * rules and refusals, verify-draw, the pledge and recusal, replacement and the refill draw, and
 * who may see the committee. Each scenario draws from its own specialty, so pools do not mix.
 */
let t: TestApp;
let manager: string;
let managerId: number;
const clock = new TestClock(new Date('2026-09-01T02:00:00.000Z'));

beforeAll(async () => {
  t = await startTestApp({ clock });
  manager = await t.login('manager');
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, 'manager'));
  managerId = row!.id;
  // Experts the seed may bring stay out of these pools: each test counts its own.
  await t.database.db
    .update(experts)
    .set({ status: 'suspended', suspendReason: '测试：不参加抽取' });
});
afterAll(() => t.close());

const messageOf = (reply: { body: { errorMsg?: string; message?: string } }) =>
  reply.body.errorMsg ?? reply.body.message ?? '';
const fieldOf = (reply: { body: { data?: { fields?: { field: string }[] } } }) =>
  reply.body.data?.fields?.[0]?.field;

/** A committee tender (mandatory unless told), signed up by `bidders` suppliers, deadline passed. */
async function closedTender(
  options: { bidders?: number; mandatory?: boolean; committee?: boolean; category?: string } = {},
) {
  const { tenderId, lotIds } = await createLotTender(
    t,
    clock.now(),
    [{ name: '成套设备', budget: '1000000.00', minBids: 3 }],
    { mandatory: options.mandatory ?? true, category: options.category ?? 'energy_storage' },
  );
  await t.database.db
    .update(tenders)
    .set({ evaluation: options.committee === false ? {} : COMPREHENSIVE })
    .where(eq(tenders.id, tenderId));
  const bidders = await manyBidders(t, options.bidders ?? 3, `D${randomBytes(3).toString('hex')}`);
  for (const bidder of bidders) await signUpForLots(t, tenderId, bidder.supplierId, lotIds);
  const companies = await t.database.db
    .select({ name: suppliers.companyName, creditCode: suppliers.creditCode })
    .from(suppliers)
    .where(
      inArray(
        suppliers.id,
        bidders.map((b) => b.supplierId),
      ),
    )
    .orderBy(asc(suppliers.id));
  clock.advance(3601);
  return { tenderId, lotIds, bidders, companies };
}

const pool = (specialty: string, count: number, extra: Partial<ExpertSpec> = {}) =>
  createExperts(
    t,
    Array.from({ length: count }, (_, i) => ({
      name: `${specialty}专家${i + 1}`,
      specialties: [specialty],
      ...extra,
    })),
  );

const draw = (input: Record<string, unknown>) =>
  t.call(committeeApi.drawCommittee, { size: 5, standbys: 2, ...input }, manager);
const committeeOf = (tenderId: number, token = manager) =>
  t.call(committeeApi.getCommittee, { tenderId }, token);
const verify = (tenderId: number) => t.call(committeeApi.verifyDraw, { tenderId }, manager);
const pledge = (tenderId: number, token: string, body: Record<string, unknown>) =>
  t.call(deskApi.signPledge, { tenderId, ...body }, token);
const replace = (memberId: number, reason = '评标当天因病不能到场') =>
  t.call(committeeApi.replaceMember, { memberId, reason }, manager);

describe('who may be drawn', () => {
  it('an expert employed by a signed-up supplier (by name or credit code) is never drawn, over 200 seeds and over HTTP', async () => {
    const tender = await closedTender();
    const free = await pool('transformer', 6);
    const [byName] = await pool('transformer', 1, {
      employer: `  ${tender.companies[0]!.name} `,
    });
    const [byCode] = await pool('transformer', 1, {
      employer: '另一个名字的单位',
      employerCreditCode: tender.companies[1]!.creditCode.toLowerCase(),
    });
    const [suspended] = await pool('transformer', 1, { status: 'suspended' });
    const [otherField] = await pool('switchgear', 1);
    const conflicted = [byName!.expertId, byCode!.expertId];

    const eligible = await eligibleExpertIds(
      t.database.db,
      tender.tenderId,
      ['transformer'],
      clock.now(),
    );
    expect(eligible).toEqual(free.map((e) => e.expertId));
    expect(eligible).not.toContain(suspended!.expertId);
    expect(eligible).not.toContain(otherField!.expertId);
    for (let i = 0; i < 200; i++) {
      const seats = drawSeats(newDrawSeed(), eligible, { members: 5, standbys: 1 });
      for (const id of conflicted) {
        expect(seats.members).not.toContain(id);
        expect(seats.standbys).not.toContain(id);
      }
    }

    const reply = await draw({
      tenderId: tender.tenderId,
      specialties: ['transformer'],
      standbys: 1,
    });
    expect(reply.status).toBe(200);
    const drawn: number[] = reply.body.data.draws[0].drawnIds;
    expect(drawn).toHaveLength(6);
    for (const id of conflicted) expect(drawn).not.toContain(id);
    expect(reply.body.data.draws[0].eligibleIds).toEqual(eligible);
  });

  it('a suspension lapses after its last day (Beijing), and a disabled login is not drawn', async () => {
    const tender = await closedTender();
    const [lapsing] = await pool('inverter', 1);
    const [disabled] = await pool('inverter', 1);
    const today = new Date(clock.now().getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    await t.database.db
      .update(experts)
      .set({ status: 'suspended', suspendReason: '外出', suspendUntil: today })
      .where(eq(experts.id, lapsing!.expertId));
    await t.database.db
      .update(users)
      .set({ status: 'disabled' })
      .where(eq(users.id, disabled!.userId));
    const now = () => eligibleExpertIds(t.database.db, tender.tenderId, ['inverter'], clock.now());
    expect(await now()).toEqual([]);
    clock.advance(86400);
    expect(await now()).toEqual([lapsing!.expertId]);
  });
});

describe('the draw', () => {
  let tenderId: number;
  let drawnIds: number[];

  it('seats the drawn experts in order with the chair at its rank, then the representatives and standbys, and audits seed and digest', async () => {
    ({ tenderId } = await closedTender({ category: 'switchgear' }));
    await pool('switchgear', 9);
    const reply = await draw({
      tenderId,
      size: 7,
      representativeIds: [managerId, managerId].slice(0, 2),
    });
    expect(reply.status).toBe(400);
    expect(messageOf(reply)).toContain('重复');

    const ok = await draw({
      tenderId,
      size: 7,
      representativeIds: [managerId],
      chairExpertRank: 3,
    });
    expect(ok.status).toBe(200);
    const committee = ok.body.data;
    expect(committee.specialties).toEqual(['switchgear']); // the tender's category by default
    drawnIds = committee.draws[0].drawnIds;
    expect(drawnIds).toHaveLength(8); // 6 experts and 2 standbys
    const experts6 = committee.members.filter((m: { kind: string }) => m.kind === 'expert');
    expect(experts6).toHaveLength(6);
    expect(experts6.findIndex((m: { chair: boolean }) => m.chair)).toBe(2);
    const rep = committee.members.find((m: { kind: string }) => m.kind === 'representative');
    expect(rep).toMatchObject({
      userid: managerId,
      employer: '招标人',
      drawId: null,
      chair: false,
    });
    expect(committee.standbys.map((s: { rank: number }) => s.rank)).toEqual([1, 2]);
    expect(committee.seed).toMatch(/^[0-9a-f]{64}$/);

    const [audit] = await auditRowsOf(t, 'committee', committee.committeeId);
    expect(audit!.after).toMatchObject({
      seed: committee.seed,
      eligibleDigest: committee.eligibleDigest,
      representativeIds: [managerId],
    });
  });

  it('the same seed and eligible list give the same committee, and verify-draw recomputes it', async () => {
    const { body } = await committeeOf(tenderId);
    const [first] = body.data.draws;
    const again = drawSeats(first.seed, first.eligibleIds, { members: 6, standbys: 2 });
    expect([...again.members, ...again.standbys]).toEqual(drawnIds);
    expect(
      drawSeats(first.seed, [...first.eligibleIds].reverse(), { members: 6, standbys: 2 }),
    ).toEqual(again);
    const checked = await verify(tenderId);
    expect(checked.body.data.matches).toBe(true);
    expect(checked.body.data.recomputed[0]).toMatchObject({
      digestMatches: true,
      drawnIds,
      recordedIds: drawnIds,
      matches: true,
    });
  });

  it('verify-draw detects a member row changed after the draw (its expert or its login)', async () => {
    const { db } = t.database;
    const rows = await db
      .select()
      .from(committeeMembers)
      .where(and(eq(committeeMembers.tenderId, tenderId), eq(committeeMembers.kind, 'expert')))
      .orderBy(asc(committeeMembers.id));
    const target = rows[1]!;
    const [outsider] = await pool('switchgear', 1);
    await db
      .update(committeeMembers)
      .set({ expertId: outsider!.expertId, userId: outsider!.userId })
      .where(eq(committeeMembers.id, target.id));
    const swapped = await verify(tenderId);
    expect(swapped.body.data.matches).toBe(false);
    expect(swapped.body.data.recomputed[0].recordedIds).toContain(outsider!.expertId);

    await db
      .update(committeeMembers)
      .set({ expertId: target.expertId, userId: outsider!.userId })
      .where(eq(committeeMembers.id, target.id));
    expect((await verify(tenderId)).body.data.matches).toBe(false);

    await db
      .update(committeeMembers)
      .set({ expertId: target.expertId, userId: target.userId })
      .where(eq(committeeMembers.id, target.id));
    expect((await verify(tenderId)).body.data.matches).toBe(true);
  });

  it('a second draw of the same tender is 409', async () => {
    const reply = await draw({ tenderId, size: 5 });
    expect(reply.status).toBe(409);
    expect(messageOf(reply)).toContain('已组建评标委员会');
  });

  it('too few eligible experts is 409 saying how many are missing; members filled but standbys short draws fewer and says so', async () => {
    const short = await closedTender();
    await pool('cable', 3);
    const reply = await draw({ tenderId: short.tenderId, specialties: ['cable'] });
    expect(reply.status).toBe(409);
    expect(messageOf(reply)).toBe('符合条件的专家不足：需要 5 名，仅有 3 名，还差 2 名');
    const empty = await t.call(committeeApi.getCommittee, { tenderId: short.tenderId }, manager);
    expect(empty.status).toBe(404); // nothing half-saved

    const fewer = await closedTender();
    await pool('circuit_breaker', 6);
    const ok = await draw({ tenderId: fewer.tenderId, specialties: ['circuit_breaker'] });
    expect(ok.status).toBe(200);
    expect(ok.body.data.standbys).toHaveLength(1);
    const [audit] = await auditRowsOf(t, 'committee', ok.body.data.committeeId);
    expect((audit!.after as { standbysShort: string }).standbysShort).toContain('仅够抽取 1 名');
  });

  it('refuses an even size, fewer than five on a mandatory tender, too many representatives, a non-manager representative, a chair rank past the experts and an unknown specialty', async () => {
    const { tenderId: id, bidders } = await closedTender();
    const even = await draw({ tenderId: id, size: 6 });
    expect(even.status).toBe(400);
    expect(fieldOf(even)).toBe('size');
    expect(messageOf(even)).toContain('单数');

    const three = await draw({ tenderId: id, size: 3 });
    expect(three.status).toBe(400);
    expect(fieldOf(three)).toBe('size');
    expect(messageOf(three)).toContain('依法必须招标的项目评标委员会成员人数为五人以上单数');

    const reps = await draw({ tenderId: id, size: 5, representativeIds: [managerId, 1] });
    expect(reps.status).toBe(400);
    expect(fieldOf(reps)).toBe('representativeIds');
    expect(messageOf(reps)).toContain('最多 1 人');
    expect(messageOf(reps)).toContain('现为 2 人');

    const [bidderUser] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.supplierId, bidders[0]!.supplierId));
    const bidderRep = await draw({ tenderId: id, representativeIds: [bidderUser!.id] });
    expect(bidderRep.status).toBe(400);
    expect(fieldOf(bidderRep)).toBe('representativeIds');
    expect(messageOf(bidderRep)).toContain(`用户 ${bidderUser!.id} 不是启用的招标管理员`);

    const chair = await draw({ tenderId: id, representativeIds: [managerId], chairExpertRank: 5 });
    expect(chair.status).toBe(400);
    expect(fieldOf(chair)).toBe('chairExpertRank');

    const unknown = await draw({ tenderId: id, specialties: ['nuclear'] });
    expect(unknown.status).toBe(400);
    expect(fieldOf(unknown)).toBe('specialties');
    expect(messageOf(unknown)).toContain('nuclear');
  });

  it('a tender that is not mandatory may have three; a manager-award tender and a draw before the deadline are 409', async () => {
    await pool('compact_substation', 3);
    const small = await closedTender({ mandatory: false, category: 'compact_substation' });
    const three = await draw({ tenderId: small.tenderId, size: 3, standbys: 0 });
    expect(three.status).toBe(200);
    expect(three.body.data.members).toHaveLength(3);

    const manual = await closedTender({ committee: false });
    const refused = await draw({ tenderId: manual.tenderId });
    expect(refused.status).toBe(409);
    expect(messageOf(refused)).toContain('评标设置');

    const { tenderId: early } = await createLotTender(
      t,
      clock.now(),
      [{ name: '早', budget: '100.00', minBids: 1 }],
      { mandatory: true },
    );
    await t.database.db
      .update(tenders)
      .set({ evaluation: COMPREHENSIVE })
      .where(eq(tenders.id, early));
    const before = await draw({ tenderId: early });
    expect(before.status).toBe(409);
    expect(messageOf(before)).toContain('投标截止时间');
    expect(messageOf(before)).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
  });
});

describe('pledge, recusal and who sees the committee', () => {
  let tender: Awaited<ReturnType<typeof closedTender>>;
  let people: Awaited<ReturnType<typeof pool>>;
  let committee: {
    members: { memberId: number; userid: number; chair: boolean }[];
    standbys: { memberId: number; userid: number }[];
  };
  const tokenOf = (userid: number) => people.find((p) => p.userId === userid)!.token;

  it('draws a committee to work with', async () => {
    tender = await closedTender();
    people = await pool('protection_relay', 8);
    const reply = await draw({ tenderId: tender.tenderId, specialties: ['protection_relay'] });
    expect(reply.status).toBe(200);
    committee = reply.body.data;
  });

  it('a member pledges naming every signed-up supplier, once', async () => {
    const member = committee.members[1]!;
    const signed = await pledge(tender.tenderId, tokenOf(member.userid), { noConflict: true });
    expect(signed.status).toBe(200);
    expect(signed.body.data).toEqual({ pledgedAt: clock.now().toISOString(), successor: null });
    const [row] = await t.database.db
      .select()
      .from(committeeMembers)
      .where(eq(committeeMembers.id, member.memberId));
    expect(row!.pledgeSuppliers).toEqual(tender.companies.map((c) => c.name));

    const twice = await pledge(tender.tenderId, tokenOf(member.userid), { noConflict: true });
    expect(twice.status).toBe(409);
    const conflictLater = await pledge(tender.tenderId, tokenOf(member.userid), {
      conflict: '其实与投标人有亲属关系',
    });
    expect(conflictLater.status).toBe(409);
    expect(messageOf(conflictLater)).toContain('招标管理员');
  });

  it('a recusal brings in the first standby at once, the chair passing to it', async () => {
    const chair = committee.members.find((m) => m.chair)!;
    const first = committee.standbys[0]!;
    const standbyTry = await pledge(tender.tenderId, tokenOf(first.userid), { noConflict: true });
    expect(standbyTry.status).toBe(404); // a standby has no seat yet

    const recused = await pledge(tender.tenderId, tokenOf(chair.userid), {
      conflict: '本人曾在投标人处任职',
    });
    expect(recused.status).toBe(200);
    expect(recused.body.data.pledgedAt).toBeNull();
    expect(recused.body.data.successor).toMatchObject({
      memberId: first.memberId,
      status: 'active',
      chair: true,
      pledgedAt: null,
    });

    const view = (await committeeOf(tender.tenderId)).body.data;
    expect(view.standbys.map((s: { memberId: number }) => s.memberId)).toEqual([
      committee.standbys[1]!.memberId,
    ]);
    expect(
      view.members.find((m: { memberId: number }) => m.memberId === chair.memberId),
    ).toMatchObject({
      status: 'recused',
      chair: false,
      reason: '本人曾在投标人处任职',
    });
    const again = await pledge(tender.tenderId, tokenOf(chair.userid), { noConflict: true });
    expect(again.status).toBe(404);
    const [audit] = await auditRowsOf(t, 'committee_member', chair.memberId);
    expect(audit!.after).toMatchObject({ status: 'recused', successorMemberId: first.memberId });
  });

  it('managers and the members see the committee; a bidder, another expert and a standby get 404, an anonymous caller 401', async () => {
    expect((await committeeOf(tender.tenderId)).status).toBe(200);
    const member = committee.members[2]!;
    const mine = await committeeOf(tender.tenderId, tokenOf(member.userid));
    expect(mine.status).toBe(200);
    expect(mine.body.data.members.length).toBeGreaterThanOrEqual(5);

    const bidder = await committeeOf(tender.tenderId, tender.bidders[0]!.token);
    expect(bidder.status).toBe(404);
    expect(JSON.stringify(bidder.body)).not.toContain('protection_relay专家');
    const [outsider] = await pool('instrument_transformer', 1);
    expect((await committeeOf(tender.tenderId, outsider!.token)).status).toBe(404);
    const standby = committee.standbys[1]!;
    expect((await committeeOf(tender.tenderId, tokenOf(standby.userid))).status).toBe(404);
    const anonymous = await t.call(committeeApi.getCommittee, { tenderId: tender.tenderId });
    expect(anonymous.status).toBe(401);
    const notOnIt = await pledge(tender.tenderId, outsider!.token, { noConflict: true });
    expect(notOnIt.status).toBe(404);
  });
});

describe('replacement', () => {
  it('voids the member’s sheets, seats the standby, then draws anew skipping everyone seen, until the pool is spent', async () => {
    const tender = await closedTender();
    const people = await pool('meter', 7);
    const reply = await draw({ tenderId: tender.tenderId, specialties: ['meter'], standbys: 1 });
    expect(reply.status).toBe(200);
    const members: { memberId: number }[] = reply.body.data.members;
    const standby = reply.body.data.standbys[0];
    const { db } = t.database;
    await db.insert(evaluationSheets).values({
      tenderId: tender.tenderId,
      lotId: tender.lotIds[0]!,
      memberId: members[0]!.memberId,
      savedAt: clock.now(),
    });

    const first = await replace(members[0]!.memberId);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ memberId: standby.memberId, chair: true });
    const [sheet] = await db
      .select()
      .from(evaluationSheets)
      .where(eq(evaluationSheets.memberId, members[0]!.memberId));
    expect(sheet!.voidAt?.toISOString()).toBe(clock.now().toISOString());
    const twice = await replace(members[0]!.memberId);
    expect(twice.status).toBe(409);

    // No standby left: a refill draw takes the one expert of the pool never seated.
    const seen = new Set(reply.body.data.draws[0].drawnIds);
    const unseen = people.find((p) => !seen.has(p.expertId))!;
    const refill = await replace(members[1]!.memberId, '发现与投标人存在利害关系');
    expect(refill.status).toBe(200);
    expect(refill.body.data.userid).toBe(unseen.userId);
    const view = (await committeeOf(tender.tenderId)).body.data;
    expect(view.draws.map((d: { kind: string }) => d.kind)).toEqual(['initial', 'refill']);
    expect(view.draws[1].eligibleIds).toEqual([unseen.expertId]);
    expect((await verify(tender.tenderId)).body.data.matches).toBe(true);

    const spent = await replace(members[2]!.memberId);
    expect(spent.status).toBe(409);
    expect(messageOf(spent)).toBe('符合条件的专家不足：需要 1 名，仅有 0 名，还差 1 名');
    const [still] = await db
      .select({ status: committeeMembers.status })
      .from(committeeMembers)
      .where(eq(committeeMembers.id, members[2]!.memberId));
    expect(still!.status).toBe('active'); // nothing half-saved
  });

  it('an unknown member is 404 and a bidder may not replace anyone', async () => {
    expect((await replace(999_999)).status).toBe(404);
    const tender = await closedTender();
    const reply = await t.call(
      committeeApi.replaceMember,
      { memberId: 1, reason: '试试' },
      tender.bidders[0]!.token,
    );
    expect(reply.status).toBe(403);
  });
});
