import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  API_BASE,
  announcementApi,
  fileApi,
  notificationLinks,
  objectionApi,
  tenderApi,
} from '@tender/contracts';
import { announcements, notifications, users } from '../src/db/schema/index.js';
import { startTestApp, type TestApp } from './support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ demoTenders: true, demoBids: true });
});
afterAll(() => t.close());

describe('demo announcements', () => {
  it('hold both kinds in every state, with an answered and an open objection', async () => {
    const manager = await t.login('manager');
    const list = await t.call(
      announcementApi.listAnnouncement,
      { pageNum: 1, pageSize: 100 },
      manager,
    );
    const seen = new Set(
      list.body.data.list.map(
        (a: { kind: string; status: string; publicityState: string | null }) =>
          `${a.kind}:${a.status}${a.status === 'published' && a.kind === 'candidates' ? `:${a.publicityState}` : ''}`,
      ),
    );
    for (const state of [
      'candidates:draft',
      'candidates:published:running',
      'candidates:published:ended',
      'candidates:revoked',
      'result:draft',
      'result:published',
      'result:revoked',
    ])
      expect(seen, state).toContain(state);
    const objections = await t.call(
      objectionApi.listObjection,
      { pageNum: 1, pageSize: 10 },
      manager,
    );
    expect(objections.body.data.list.map((o: { status: string }) => o.status).sort()).toEqual([
      'answered',
      'open',
    ]);
    // The open one carries its evidence, which the manager reads.
    const open = objections.body.data.list.find((o: { status: string }) => o.status === 'open');
    expect(open.files).toEqual([{ id: expect.any(Number), name: '类似项目业绩查询截图.pdf' }]);
    const file = await t.raw({
      method: 'GET',
      url: `${API_BASE}${fileApi.download.path}?id=${open.files[0].id}`,
      headers: { authorization: manager },
    });
    expect(file.status).toBe(200);
    // The winner's award notice leads to the published result, with the 中标通知书 open.
    const published = list.body.data.list.find(
      (a: { kind: string; status: string }) => a.kind === 'result' && a.status === 'published',
    );
    const winner = await t.database.db
      .select({ link: notifications.link })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(
        and(
          eq(users.supplierId, published.winnerSupplierId),
          eq(notifications.kind, 'award_result'),
        ),
      );
    expect(winner.map((n) => n.link)).toContain(
      notificationLinks.awardNotice(published.id, published.tenderId),
    );
    const bidder = await t.login(
      (
        await t.database.db
          .select({ username: users.username })
          .from(users)
          .where(eq(users.supplierId, published.winnerSupplierId))
      )[0]!.username,
    );
    expect(
      (await t.call(announcementApi.getAnnouncementById, { id: published.id }, bidder)).status,
    ).toBe(200);
    // Every demo row is indexed for the public search.
    const rows = await t.database.db.select().from(announcements);
    expect(rows.every((r) => r.searchText.length > 0)).toBe(true);
    const found = await t.call(announcementApi.searchAnnouncement, {
      keyword: '变电',
      pageNum: 1,
      pageSize: 10,
    });
    expect(found.body.data.total).toBeGreaterThan(0);
  });
});

describe('the public detail of a tender', () => {
  it('links its published and revoked announcements, oldest first, and never a draft', async () => {
    const manager = await t.login('manager');
    const all = (
      await t.call(announcementApi.listAnnouncement, { pageNum: 1, pageSize: 100 }, manager)
    ).body.data.list as { id: number; tenderId: number; kind: string; status: string }[];
    const tenderIds = [...new Set(all.map((a) => a.tenderId))];
    let checked = 0;
    let withResult = 0;
    for (const tenderId of tenderIds) {
      const reply = await t.call(tenderApi.getTenderMsgById, { id: tenderId });
      if (reply.status === 404) continue; // an invited tender is not public
      checked++;
      const links = reply.body.data.announcements as {
        id: number;
        kind: string;
        status: string;
        publishedAt: string | null;
      }[];
      const readable = all.filter((a) => a.tenderId === tenderId && a.status !== 'draft');
      expect(links.map((l) => l.id).sort()).toEqual(readable.map((a) => a.id).sort());
      expect(links.every((l) => l.status === 'published' || l.status === 'revoked')).toBe(true);
      const times = links.map((l) => l.publishedAt ?? '');
      expect(times).toEqual([...times].sort());
      if (links.some((l) => l.kind === 'result' && l.status === 'published')) withResult++;
    }
    expect(checked).toBeGreaterThan(0);
    expect(withResult).toBeGreaterThan(0);
    // A tender without announcements links none.
    const search = await t.call(tenderApi.searchTenderMsg, {
      status: 'published',
      pageNum: 1,
      pageSize: 1,
    });
    const open = await t.call(tenderApi.getTenderMsgById, { id: search.body.data.list[0].id });
    expect(open.body.data.announcements).toEqual([]);
  });
});
