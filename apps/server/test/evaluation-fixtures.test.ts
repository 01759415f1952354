import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bids, committeeMembers, roles } from '../src/db/schema/index.js';
import { startTestApp, TestClock, type TestApp } from './support/app.js';
import { openedCommitteeTender, seatCommittee } from './support/evaluation.js';

/** The evaluation fixtures the desk, report and award tests start from, checked once. */
let t: TestApp;
const clock = new TestClock(new Date('2026-09-01T02:00:00.000Z'));
beforeAll(async () => {
  t = await startTestApp({ clock });
});
afterAll(() => t.close());

describe('evaluation fixtures', () => {
  it('the evaluation_expert role exists with its menus', async () => {
    const [role] = await t.database.db
      .select()
      .from(roles)
      .where(eq(roles.roleName, 'evaluation_expert'));
    expect(role?.builtIn).toBe(true);
  });

  it('open a committee tender and seat a pledged committee with standbys', async () => {
    const opened = await openedCommitteeTender(
      t,
      clock,
      [{ name: '储能变流器', budget: '1000000.00', minBids: 3 }],
      [[900_000, 950_000, 980_000]],
    );
    const statuses = await t.database.db
      .select({ status: bids.status })
      .from(bids)
      .where(eq(bids.tenderId, opened.tenderId));
    expect(statuses.map((s) => s.status)).toEqual(['opened', 'opened', 'opened']);
    const seated = await seatCommittee(t, opened.tenderId, clock.now());
    expect(seated.members).toHaveLength(5);
    expect(seated.standbys).toHaveLength(2);
    const rows = await t.database.db
      .select()
      .from(committeeMembers)
      .where(eq(committeeMembers.committeeId, seated.committeeId));
    expect(rows.filter((r) => r.status === 'active' && r.pledgedAt)).toHaveLength(5);
    expect(rows.filter((r) => r.chair)).toHaveLength(1);
  });
});
