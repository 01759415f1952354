import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidApi, reportApi, tenderApi } from '@tender/contracts';
import { TestClock, startTestApp, type TestApp } from './support/app.js';
import {
  LOWEST_PRICE,
  openedCommitteeTender,
  seatCommittee,
  type OpenedTender,
  type SeatedMember,
} from './support/evaluation.js';
import { writeSheet } from './support/evaluation-sheets.js';

/**
 * The derived statuses of evaluation (API.md, "Lots, evaluation …"; EVALUATION.md §2): on an
 * opened committee tender each lot is `evaluating` until its report is final, then `evaluated`,
 * and the tender is `evaluating` while any lot is — in every view of it (manager, bidder,
 * public, lists) and in the status filters. Nothing is stored: signing a report changes it.
 */
let t: TestApp;
let managerToken: string;
const clock = new TestClock(new Date('2026-10-12T02:00:00.000Z'));
beforeAll(async () => {
  t = await startTestApp({ clock });
  managerToken = await t.login('manager');
});
afterAll(() => t.close());

interface Scenario extends OpenedTender {
  members: SeatedMember[];
}

/** An opened lowest-price tender, a lot per row of prices (minimum 3 valid bids each). */
async function openedTender(prices: (number | null)[][], committee = true): Promise<Scenario> {
  const opened = await openedCommitteeTender(
    t,
    clock,
    prices.map((_, i) => ({ name: `储能设备${i + 1}`, budget: '2000000.00', minBids: 3 })),
    prices,
    { ...LOWEST_PRICE, committee },
  );
  const members = committee ? (await seatCommittee(t, opened.tenderId, clock.now())).members : [];
  return { ...opened, members };
}

/** Every member passes every bid of the lot, the chair finishes, every member signs: final. */
async function finalise(s: Scenario, lot: number) {
  const lotId = s.lotIds[lot]!;
  const bidIds = s.bidIds[lot]!.filter((id): id is number => id !== undefined);
  for (const member of s.members)
    await writeSheet(t, {
      tenderId: s.tenderId,
      lotId,
      memberId: member.memberId,
      review: bidIds.map((bidId) => ({ bidId, pass: true })),
    });
  const finished = await t.call(
    reportApi.finishEvaluation,
    { tenderId: s.tenderId, lotId },
    s.members[0]!.token,
  );
  expect(finished.body.errorMsg ?? null).toBeNull();
  for (const member of s.members) {
    const signed = await t.call(
      reportApi.signReport,
      { tenderId: s.tenderId, lotId, agree: true },
      member.token,
    );
    expect(signed.body.errorMsg ?? null).toBeNull();
  }
}

type View = { status: string; lots: { status: string }[] };
const statusesOf = (view: View) => ({ status: view.status, lots: view.lots.map((l) => l.status) });

/** The tender as the manager, a bidder of it and the public see it: status and lot statuses. */
async function views(s: Scenario) {
  const manager = await t.call(tenderApi.getTtenderById, { id: s.tenderId }, managerToken);
  const bidder = await t.call(tenderApi.getTtenderById, { id: s.tenderId }, s.bidders[0]!.token);
  const anyone = await t.call(tenderApi.getTenderMsgById, { id: s.tenderId });
  const biddable = await t.call(
    bidApi.listBiddableTtender,
    { tenderId: s.tenderId, pageNum: 1, pageSize: 10 },
    s.bidders[0]!.token,
  );
  return {
    manager: statusesOf(manager.body.data),
    bidder: statusesOf(bidder.body.data),
    public: statusesOf(anyone.body.data),
    biddable: statusesOf(biddable.body.data.list[0]),
  };
}

/** Every view says the same. */
async function expectViews(s: Scenario, status: string, lots: string[]) {
  const expected = { status, lots };
  expect(await views(s)).toEqual({
    manager: expected,
    bidder: expected,
    public: expected,
    biddable: expected,
  });
}

/** The ids list-ttender (and the public search) answer, filtered by a status or not. */
async function listed(status?: string) {
  const reply = await t.call(
    tenderApi.listTtender,
    { pageNum: 1, pageSize: 100, ...(status ? { status } : {}) },
    managerToken,
  );
  expect(reply.status).toBe(200);
  return reply.body.data.list as { id: number; status: string }[];
}
async function searched(status: string) {
  const reply = await t.call(tenderApi.searchTenderMsg, { pageNum: 1, pageSize: 100, status });
  expect(reply.status).toBe(200);
  return (reply.body.data.list as { id: number; status: string }[]).map((row) => row.id);
}
const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

describe('evaluating and evaluated', () => {
  it('a committee tender is evaluating while any lot is, its lots evaluated once their report is final, in every view and filter', async () => {
    const s = await openedTender([
      [900_000, 950_000, 990_000],
      [800_000, 850_000, 880_000],
    ]);
    await expectViews(s, 'evaluating', ['evaluating', 'evaluating']);
    expect((await listed()).find((row) => row.id === s.tenderId)?.status).toBe('evaluating');
    expect(ids(await listed('evaluating'))).toContain(s.tenderId);
    expect(ids(await listed('opened'))).not.toContain(s.tenderId);
    expect(await searched('evaluating')).toContain(s.tenderId);
    expect(await searched('opened')).not.toContain(s.tenderId);

    await finalise(s, 0);
    await expectViews(s, 'evaluating', ['evaluated', 'evaluating']);
    expect(ids(await listed('evaluating'))).toContain(s.tenderId);

    await finalise(s, 1);
    await expectViews(s, 'opened', ['evaluated', 'evaluated']);
    expect(ids(await listed('evaluating'))).not.toContain(s.tenderId);
    expect(ids(await listed('opened'))).toContain(s.tenderId);
    expect(await searched('opened')).toContain(s.tenderId);

    // A report sent back re-opens the lot's evaluation, and with it the tender's.
    const back = await t.call(
      reportApi.returnReport,
      {
        tenderId: s.tenderId,
        lotId: s.lotIds[1],
        reason: '评标委员会未按招标文件规定的评标标准评审',
      },
      managerToken,
    );
    expect(back.body.errorMsg ?? null).toBeNull();
    await expectViews(s, 'evaluating', ['evaluated', 'evaluating']);
    expect(ids(await listed('evaluating'))).toContain(s.tenderId);
  });

  it('a lot failed at the opening stays failed; the tender is evaluating for its other lot only', async () => {
    const s = await openedTender([
      [900_000, 950_000, 990_000],
      [800_000, 850_000, null],
    ]);
    await expectViews(s, 'evaluating', ['evaluating', 'failed']);
    await finalise(s, 0);
    await expectViews(s, 'opened', ['evaluated', 'failed']);
  });

  it('a tender without a committee is simply opened, and filters as opened', async () => {
    const s = await openedTender([[900_000, 950_000, 990_000]], false);
    await expectViews(s, 'opened', ['opened']);
    expect(ids(await listed('opened'))).toContain(s.tenderId);
    expect(ids(await listed('evaluating'))).not.toContain(s.tenderId);
  });

  it('the status filter names evaluating among the statuses it takes', async () => {
    const reply = await t.call(tenderApi.listTtender, { status: 'judging' }, managerToken);
    expect(reply.status).toBe(400);
    expect(reply.body.errorMsg).toContain('evaluating');
  });
});
