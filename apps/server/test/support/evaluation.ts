import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { bidApi, type evaluationApi } from '@tender/contracts';
import {
  committeeDraws,
  committeeMembers,
  committees,
  experts,
  roles,
  tenders,
  users,
} from '../../src/db/schema/index.js';
import { eligibleDigest } from '../../src/lib/committee-draw.js';
import type { TestApp, TestClock } from './app.js';
import { manyBidders } from './bids.js';
import { createLotTender, signUpForLots, type LotSpec } from './opening-lots.js';

/**
 * Evaluation fixtures written straight into the tables, so that the desk, report and award
 * tests start from a seated committee; the draw and the pledge have their own tests over HTTP.
 */

/** 综合评估法: technical 50, commercial 20, price 30 (criterionIds 1, 2, 3). */
export const COMPREHENSIVE: evaluationApi.EvaluationView = {
  committee: true,
  method: 'comprehensive',
  criteria: [
    { criterionId: 1, name: '技术方案', kind: 'technical', maxScore: 50 },
    { criterionId: 2, name: '商务条款', kind: 'commercial', maxScore: 20 },
    { criterionId: 3, name: '投标报价', kind: 'price', maxScore: 30 },
  ],
  priceFormula: 'lowest_benchmark',
  benchmarkFactor: 0.95,
  deductAbove: 1.2,
  deductBelow: 0.8,
  candidates: 3,
};

export const LOWEST_PRICE: evaluationApi.EvaluationView = {
  ...COMPREHENSIVE,
  method: 'lowest_price',
  criteria: [],
};

export interface ExpertSpec {
  name: string;
  employer?: string;
  employerCreditCode?: string | null;
  specialties?: string[];
  status?: 'active' | 'suspended';
}

export interface TestExpert {
  expertId: number;
  userId: number;
  username: string;
  token: string;
}

/** Experts with logins of role evaluation_expert (tokens issued directly). */
export async function createExperts(t: TestApp, specs: ExpertSpec[]): Promise<TestExpert[]> {
  const { db } = t.database;
  const [role] = await db.select().from(roles).where(eq(roles.roleName, 'evaluation_expert'));
  const created: TestExpert[] = [];
  for (const spec of specs) {
    const username = `expert_${randomBytes(4).toString('hex')}`;
    const [user] = await db
      .insert(users)
      .values({ username, passwordHash: 'x', realName: spec.name, roleId: role!.id })
      .returning({ id: users.id });
    const [expert] = await db
      .insert(experts)
      .values({
        userId: user!.id,
        name: spec.name,
        phone: '13700000000',
        employer: spec.employer ?? `${spec.name}所在研究院`,
        employerCreditCode: spec.employerCreditCode ?? null,
        title: '高级工程师',
        years: 12,
        specialties: spec.specialties ?? ['energy_storage'],
        status: spec.status ?? 'active',
      })
      .returning({ id: experts.id });
    created.push({
      expertId: expert!.id,
      userId: user!.id,
      username,
      token: await t.app.deps.tokens.issue({ roleId: role!.id, userId: user!.id, tv: 0 }),
    });
  }
  return created;
}

export interface SeatedMember extends TestExpert {
  memberId: number;
  chair: boolean;
}

/**
 * A committee of `size` fresh experts (the first chairs), every one pledged unless told not,
 * with `standbys` more waiting, recorded as one draw.
 */
export async function seatCommittee(
  t: TestApp,
  tenderId: number,
  now: Date,
  options: { size?: number; standbys?: number; pledged?: boolean } = {},
): Promise<{ committeeId: number; members: SeatedMember[]; standbys: SeatedMember[] }> {
  const size = options.size ?? 5;
  const standbyCount = options.standbys ?? 2;
  const people = await createExperts(
    t,
    Array.from({ length: size + standbyCount }, (_, i) => ({ name: `专家${i + 1}` })),
  );
  const { db } = t.database;
  const [committee] = await db
    .insert(committees)
    .values({
      tenderId,
      size,
      specialties: ['energy_storage'],
      standbys: standbyCount,
      createdAt: now,
      createdBy: 1,
    })
    .returning({ id: committees.id });
  const ids = people.map((p) => p.expertId);
  const sorted = [...ids].sort((a, b) => a - b);
  const [draw] = await db
    .insert(committeeDraws)
    .values({
      committeeId: committee!.id,
      kind: 'initial',
      seed: '00'.repeat(32),
      eligibleIds: sorted,
      eligibleDigest: eligibleDigest(sorted),
      seats: ids.length,
      drawnIds: ids,
      drawnAt: now,
      drawnBy: 1,
    })
    .returning({ id: committeeDraws.id });
  const seated: SeatedMember[] = [];
  for (const [index, person] of people.entries()) {
    const standby = index >= size;
    const [row] = await db
      .insert(committeeMembers)
      .values({
        committeeId: committee!.id,
        tenderId,
        userId: person.userId,
        expertId: person.expertId,
        kind: 'expert',
        chair: index === 0,
        status: standby ? 'standby' : 'active',
        drawId: draw!.id,
        standbyRank: standby ? index - size + 1 : null,
        pledgedAt: !standby && options.pledged !== false ? now : null,
        pledgeSuppliers: !standby && options.pledged !== false ? [] : null,
        joinedAt: now,
      })
      .returning({ id: committeeMembers.id });
    seated.push({ ...person, memberId: row!.id, chair: index === 0 });
  }
  return {
    committeeId: committee!.id,
    members: seated.slice(0, size),
    standbys: seated.slice(size),
  };
}

export interface OpenedTender {
  tenderId: number;
  lotIds: number[];
  /** bidders[i]: the i-th bidder company (its supplierId and a token of one of its users). */
  bidders: { supplierId: number; token: string }[];
  /** bidIds[lotIndex][bidderIndex] (undefined where that bidder did not bid on the lot). */
  bidIds: (number | undefined)[][];
  managerToken: string;
}

/**
 * A `mandatory` committee tender of the given lots, opened over HTTP: `prices[lotIndex]` lists
 * each bidder's price on that lot (null: no bid), bidders created as needed; the clock is moved
 * past the deadline and the manager opens the bids.
 */
export async function openedCommitteeTender(
  t: TestApp,
  clock: TestClock,
  lots: LotSpec[],
  prices: (number | null)[][],
  evaluation: evaluationApi.EvaluationView = COMPREHENSIVE,
): Promise<OpenedTender> {
  const managerToken = await t.login('manager');
  const { tenderId, lotIds } = await createLotTender(t, clock.now(), lots, { mandatory: true });
  await t.database.db.update(tenders).set({ evaluation }).where(eq(tenders.id, tenderId));
  const count = Math.max(...prices.map((row) => row.length));
  const bidders = await manyBidders(t, count, `评${randomBytes(3).toString('hex')}`);
  const bidIds: (number | undefined)[][] = prices.map(() => []);
  for (const [b, bidder] of bidders.entries()) {
    const mine = lotIds.filter((_, l) => prices[l]?.[b] != null);
    if (mine.length) await signUpForLots(t, tenderId, bidder.supplierId, mine);
  }
  for (const [l, row] of prices.entries()) {
    for (const [b, price] of row.entries()) {
      if (price == null) continue;
      const reply = await t.call(
        bidApi.submitBid,
        {
          tenderId,
          lotId: lotIds[l],
          totalPrice: price,
          currency: 'CNY',
          deliveryDays: 30 + b,
          warrantyMonths: 24,
          fileIds: [],
        },
        bidders[b]!.token,
      );
      if (reply.status !== 200) throw new Error(`submit-bid: ${JSON.stringify(reply.body)}`);
      bidIds[l]![b] = reply.body.data.bidId;
      clock.advance(1); // distinct submission times: ties go to the earlier one
    }
  }
  clock.advance(3600);
  const opened = await t.call(bidApi.openBids, { id: tenderId }, managerToken);
  if (opened.status !== 200) throw new Error(`open-bids: ${JSON.stringify(opened.body)}`);
  return { tenderId, lotIds, bidders, bidIds, managerToken };
}
