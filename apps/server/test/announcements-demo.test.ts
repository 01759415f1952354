import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementApi, objectionApi } from '@tender/contracts';
import { announcements } from '../src/db/schema/index.js';
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
