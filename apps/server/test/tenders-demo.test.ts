import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supplierApi, tenderApi } from '@tender/contracts';
import { suppliers } from '../src/db/schema/index.js';
import { chinaYear } from '../src/modules/tenders/numbering.js';
import { startTestApp, type TestApp } from './support/app.js';
import { download, draftInput } from './support/tenders.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ demoTenders: true });
});
afterAll(() => t.close());

describe('demo tenders', () => {
  it('fills every screen: all states, documents, sign-ups, downloads, amendments, review states', async () => {
    const manager = await t.login('manager');
    const list = await t.call(tenderApi.listTtender, { pageSize: 100 }, manager);
    const statuses = new Set(list.body.data.list.map((r: { status: string }) => r.status));
    expect([...statuses].sort()).toEqual(['cancelled', 'closed', 'draft', 'failed', 'published']);
    expect(list.body.data.total).toBe(36);
    const amended = list.body.data.list.find(
      (r: { amendmentCount: number }) => r.amendmentCount === 2,
    );
    expect(amended).toBeTruthy();
    const retender = list.body.data.list.find((r: { retenderOf: number | null }) => r.retenderOf);
    expect(retender.status).toBe('draft');

    const search = await t.call(tenderApi.searchTenderMsg, { keyword: '电缆' });
    expect(search.body.data.total).toBeGreaterThan(2);
    const bidder = await t.login('bidder1');
    const open = await t.call(tenderApi.listOpenTtender, { signedUp: true, pageSize: 100 }, bidder);
    const withDocs = open.body.data.list.find((r: { documents: unknown[] }) => r.documents.length);
    expect(withDocs).toBeTruthy();
    expect((await download(t, withDocs.documents[0].id, bidder)).statusCode).toBe(200);
    const log = await t.call(tenderApi.listDownloadLog, { tenderId: withDocs.id }, manager);
    expect(log.body.data.total).toBeGreaterThanOrEqual(3);
    const people = await t.call(
      supplierApi.getSupplyInformationByTenderId,
      { tenderId: withDocs.id },
      manager,
    );
    expect(people.body.data.length).toBeGreaterThanOrEqual(2);

    const states = await t.database.db.select({ status: suppliers.status }).from(suppliers);
    expect(new Set(states.map((s) => s.status))).toEqual(
      new Set(['approved', 'pending', 'rejected', 'blacklisted']),
    );
    const next = await t.call(tenderApi.insertTtender, draftInput(new Date()), manager);
    expect(next.body.data.tenderNo).toBe(`ZB-${chinaYear(new Date())}-000037`);
  });
});
