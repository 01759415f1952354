import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationApi, questionApi, tenderApi } from '@tender/contracts';
import { startTestApp, type TestApp } from './support/app.js';
import { COMPANY } from './support/tenders.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ demoTenders: true });
});
afterAll(() => t.close());

const TITLE = '华东电网 2026 年第一批 110kV 主变压器采购';

describe('demo 答疑', () => {
  it('has an answered and an open question on a tender open for bids, the asker shown to managers only', async () => {
    const manager = await t.login('manager');
    const found = await t.call(
      tenderApi.listTtender,
      { keyword: TITLE, pageNum: 1, pageSize: 5 },
      manager,
    );
    const tenderId = found.body.data.list.find((x: { title: string }) => x.title === TITLE).id;
    const all = (
      await t.call(questionApi.listQuestion, { tenderId, pageNum: 1, pageSize: 10 }, manager)
    ).body.data;
    expect(all.total).toBe(2);
    expect(all.list.map((q: { answer: string | null }) => q.answer === null)).toEqual([
      true,
      false,
    ]);
    expect(all.list[1].asker.supplierName).toBe(COMPANY.bidder2);
    const bidder3 = await t.login('bidder3');
    const seen = (
      await t.call(questionApi.listQuestion, { tenderId, pageNum: 1, pageSize: 10 }, bidder3)
    ).body.data;
    expect(seen.canAsk).toBe(true);
    expect(seen.list).toHaveLength(1);
    expect(JSON.stringify(seen)).not.toContain(COMPANY.bidder2);
    const notes = (
      await t.call(notificationApi.listMyNotification, { pageNum: 1, pageSize: 50 }, bidder3)
    ).body.data.list;
    expect(notes.filter((n: { kind: string }) => n.kind === 'question_answered')).toHaveLength(2);
  });
});
