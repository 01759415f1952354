import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { creditCodeCheckChar, expertApi } from '@tender/contracts';
import { committeeMembers, experts, roles, users } from '../src/db/schema/index.js';
import { startTestApp, TestClock, type TestApp } from './support/app.js';
import { manyBidders } from './support/bids.js';
import { seatCommittee } from './support/evaluation.js';
import { createLotTender } from './support/opening-lots.js';
import { auditRowsOf } from './support/audit.js';

/**
 * 专家库 over HTTP: an expert's login and profile made together, the category dictionary for
 * specialties, suspensions that lapse by the Beijing day, the workload column, and who may
 * keep the pool.
 */
let t: TestApp;
let manager: string;
// 10:00 in Beijing on 1 September.
const clock = new TestClock(new Date('2026-09-01T02:00:00.000Z'));
beforeAll(async () => {
  t = await startTestApp({ clock });
  manager = await t.login('manager');
});
afterAll(() => t.close());

const messageOf = (reply: { body: { errorMsg?: string; message?: string } }) =>
  reply.body.errorMsg ?? reply.body.message ?? '';
const fieldOf = (reply: { body: { data?: { fields?: { field: string }[] } } }) =>
  reply.body.data?.fields?.[0]?.field;

const PASSWORD = 'Expert@12345';
const newExpert = (overrides: Record<string, unknown> = {}) => ({
  name: '王工',
  username: `exp_${randomBytes(4).toString('hex')}`,
  password: PASSWORD,
  phone: '13911112222',
  employer: '华东电力设计院',
  employerCreditCode: `91310000MA1FL0XX1${creditCodeCheckChar('91310000MA1FL0XX1')}`,
  title: '正高级工程师',
  years: 18,
  specialties: ['transformer', 'switchgear'],
  ...overrides,
});
const insert = (body: Record<string, unknown>, token = manager) =>
  t.call(expertApi.insertExpert, body, token);
const update = (body: Record<string, unknown>) => t.call(expertApi.updateExpert, body, manager);
const get = (id: number) => t.call(expertApi.getExpertById, { id }, manager);
const list = (query: Record<string, unknown>) =>
  t.call(expertApi.listExpert, { pageNum: 1, pageSize: 100, ...query }, manager);
const ids = (reply: { body: { data?: { list: { id: number }[] } } }) =>
  reply.body.data!.list.map((e) => e.id);
const expertCount = async () => (await t.database.db.select({ n: count() }).from(experts))[0]!.n;

describe('the expert pool', () => {
  let expertId: number;
  let username: string;

  it('a manager adds an expert: a login of role evaluation_expert and the profile, audited', async () => {
    const body = newExpert();
    username = body.username;
    const reply = await insert(body);
    expect(reply.status).toBe(200);
    expertId = reply.body.data.id;
    const [user] = await t.database.db
      .select({ roleName: roles.roleName, realName: users.realName })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.id, reply.body.data.userid));
    expect(user).toEqual({ roleName: 'evaluation_expert', realName: '王工' });
    expect(await t.login(username, PASSWORD)).toBeTruthy();

    const shown = await get(expertId);
    expect(shown.body.data).toMatchObject({
      id: expertId,
      userid: reply.body.data.userid,
      username,
      employer: '华东电力设计院',
      specialties: ['transformer', 'switchgear'],
      status: 'active',
      suspendReason: null,
      committeeCount: 0,
    });
    const [audit] = await auditRowsOf(t, 'expert', expertId);
    expect(audit!.after).toMatchObject({ name: '王工', username });
    expect(JSON.stringify(audit)).not.toContain(PASSWORD);
  });

  it('a taken username (any case) is 409 naming it, an unknown specialty 400 naming the value; nothing is saved', async () => {
    const before = await expertCount();
    const taken = await insert(newExpert({ username: username.toUpperCase() }));
    expect(taken.status).toBe(409);
    expect(fieldOf(taken)).toBe('username');
    expect(messageOf(taken)).toContain(username.toUpperCase());

    const fresh = `exp_${randomBytes(4).toString('hex')}`;
    const unknown = await insert(
      newExpert({ username: fresh, specialties: ['transformer', 'nuclear'] }),
    );
    expect(unknown.status).toBe(400);
    expect(fieldOf(unknown)).toBe('specialties');
    expect(messageOf(unknown)).toContain('nuclear');
    const [orphan] = await t.database.db.select().from(users).where(eq(users.username, fresh));
    expect(orphan).toBeUndefined();

    const none = await insert(newExpert({ username: fresh, specialties: [] }));
    expect(none.status).toBe(400);
    expect(fieldOf(none)).toBe('specialties');
    expect(await expertCount()).toBe(before);
  });

  it('the pool is found by keyword, specialty and status', async () => {
    const other = await insert(
      newExpert({ name: '李工', employer: '西北电网研究所', specialties: ['cable'] }),
    );
    const otherId = other.body.data.id;
    expect(ids(await list({ keyword: '西北电网' }))).toEqual([otherId]);
    expect(ids(await list({ specialty: 'cable' }))).toContain(otherId);
    expect(ids(await list({ specialty: 'cable' }))).not.toContain(expertId);
    expect(ids(await list({ specialty: 'switchgear' }))).toContain(expertId);
    const page = await list({ keyword: '王工', pageSize: 1 });
    expect(page.body.data.total).toBeGreaterThanOrEqual(1);
  });

  it('suspending needs a reason and an end not in the past; the suspension lapses after its last day in Beijing', async () => {
    const noReason = await update({ id: expertId, status: 'suspended' });
    expect(noReason.status).toBe(400);
    expect(fieldOf(noReason)).toBe('suspendReason');

    const past = await update({
      id: expertId,
      status: 'suspended',
      suspendReason: '借调外地',
      suspendUntil: '2026-08-31',
    });
    expect(past.status).toBe(400);
    expect(fieldOf(past)).toBe('suspendUntil');
    expect(messageOf(past)).toContain('2026-09-01');
    const notADay = await update({
      id: expertId,
      status: 'suspended',
      suspendReason: '借调外地',
      suspendUntil: '2026-02-30',
    });
    expect(notADay.status).toBe(400);
    expect(fieldOf(notADay)).toBe('suspendUntil');

    const reasonAlone = await update({ id: expertId, suspendReason: '借调外地' });
    expect(reasonAlone.status).toBe(400);
    expect(fieldOf(reasonAlone)).toBe('suspendReason');

    const suspended = await update({
      id: expertId,
      status: 'suspended',
      suspendReason: '借调外地',
      suspendUntil: '2026-09-01',
    });
    expect(suspended.status).toBe(200);
    expect(suspended.body.data).toMatchObject({
      status: 'suspended',
      suspendReason: '借调外地',
      suspendUntil: '2026-09-01',
    });
    expect(ids(await list({ status: 'suspended' }))).toContain(expertId);
    expect(ids(await list({ status: 'active' }))).not.toContain(expertId);

    // 17:00 UTC on 1 September is already 2 September in Beijing: the last day has passed.
    clock.advance(15 * 3600);
    const lapsed = await get(expertId);
    expect(lapsed.body.data).toMatchObject({
      status: 'active',
      suspendReason: null,
      suspendUntil: null,
    });
    expect(ids(await list({ status: 'active' }))).toContain(expertId);
    expect(ids(await list({ status: 'suspended' }))).not.toContain(expertId);
  });

  it('reactivating clears the reason and the end; a change of name reaches the login, and every change is audited', async () => {
    await update({ id: expertId, status: 'suspended', suspendReason: '身体原因' });
    const back = await update({ id: expertId, status: 'active', name: '王建国' });
    expect(back.status).toBe(200);
    const [row] = await t.database.db.select().from(experts).where(eq(experts.id, expertId));
    expect(row).toMatchObject({
      status: 'active',
      suspendReason: null,
      suspendUntil: null,
      name: '王建国',
    });
    const [user] = await t.database.db
      .select({ realName: users.realName })
      .from(users)
      .where(eq(users.id, row!.userId));
    expect(user!.realName).toBe('王建国');
    const audits = await auditRowsOf(t, 'expert', expertId);
    expect(audits.at(-1)!.before).toMatchObject({ status: 'suspended', name: '王工' });
    expect(audits.at(-1)!.after).toMatchObject({ status: 'active', name: '王建国' });

    const unknownSpecialty = await update({ id: expertId, specialties: ['meter', 'nuclear'] });
    expect(unknownSpecialty.status).toBe(400);
    expect((await update({ id: 999_999, title: '高工' })).status).toBe(404);
    expect((await get(999_999)).status).toBe(404);
  });

  it('committeeCount counts the committees an expert sat on, not those it waited on as a standby or recused from', async () => {
    const { tenderId } = await createLotTender(t, clock.now(), [
      { name: '储能', budget: '100000.00', minBids: 1 },
    ]);
    const seated = await seatCommittee(t, tenderId, clock.now(), { size: 3, standbys: 1 });
    const sitting = seated.members[0]!;
    const recusing = seated.members[1]!;
    await t.database.db
      .update(committeeMembers)
      .set({ status: 'recused' })
      .where(eq(committeeMembers.id, recusing.memberId));
    expect((await get(sitting.expertId)).body.data.committeeCount).toBe(1);
    expect((await get(recusing.expertId)).body.data.committeeCount).toBe(0);
    expect((await get(seated.standbys[0]!.expertId)).body.data.committeeCount).toBe(0);
  });

  it('bidders and experts may not read or keep the pool', async () => {
    const [bidder] = await manyBidders(t, 1, `P${randomBytes(3).toString('hex')}`);
    expect((await insert(newExpert(), bidder!.token)).status).toBe(403);
    expect((await t.call(expertApi.listExpert, {}, bidder!.token)).status).toBe(403);
    const expertToken = await t.login(username, PASSWORD);
    expect((await t.call(expertApi.listExpert, {}, expertToken)).status).toBe(403);
    expect((await t.call(expertApi.updateExpert, { id: 1, title: 'x' }, expertToken)).status).toBe(
      403,
    );
  });
});
