import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { API_BASE, bidApi, fileApi } from '@tender/contracts';
import { files } from '../src/db/schema/index.js';
import { startTestApp, TestClock, type TestApp } from './support/app.js';
import { createTender, signUp, supplierIdOf, uploadFile } from './support/bids.js';

/** A real-looking PDF with a recognisable text inside. */
const pdf = (marker: string, size = 300 * 1024) => {
  const head = Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Marker (${marker}) >>\nendobj\n`, 'latin1');
  const tail = Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x20), tail]);
};

let t: TestApp;
const clock = new TestClock(new Date('2026-06-01T02:00:00.000Z'));
const tok: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp({ clock });
  for (const name of ['manager', 'bidder1', 'bidder2', 'bidder3']) tok[name] = await t.login(name);
});
afterAll(() => t.close());

const upload = (token: string, name: string, data: Buffer, purpose?: 'bid') =>
  uploadFile(t, token, name, data, purpose);

const download = (id: number, token?: string) =>
  t.raw({
    method: 'GET',
    url: `${API_BASE}${fileApi.download.path}?id=${id}`,
    headers: token ? { authorization: token } : {},
  });

describe('bid attachments', () => {
  it('are sealed at rest, read by nobody until the opening, then by their supplier and managers', async () => {
    const tenderId = await createTender(t, clock.now(), { minBids: 1 });
    await signUp(
      t,
      tenderId,
      await Promise.all(['bidder1', 'bidder2'].map((n) => supplierIdOf(t, n))),
    );
    const data = pdf('QUOTE-SHEET-SECRET-42');
    const realSha = createHash('sha256').update(data).digest('hex');

    const up1 = await upload(tok.bidder1!, '报价单.pdf', data, 'bid');
    expect(up1.status).toBe(200);
    expect(up1.body.data).toMatchObject({ size: data.length, sha256: realSha });
    const [row] = await t.database.db.select().from(files).where(eq(files.id, up1.body.data.id));
    expect(row).toMatchObject({ sha256: '', size: 320 * 1024 });
    // The real hash and size are kept beside it, sealed: neither can be read from the row.
    expect(row!.sealedFacts).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(realSha);
    expect(JSON.stringify(row)).not.toContain(String(data.length));
    const chunks = await t.database.db.execute(
      sql`select string_agg(encode(data, 'escape'), '') as all from file_chunks where file_id = ${up1.body.data.id}`,
    );
    const stored = (chunks as unknown as { rows: { all: string }[] }).rows[0]!.all;
    expect(stored).not.toContain('QUOTE-SHEET-SECRET-42');

    // An ordinary upload is refused as a bid file.
    const plain = await upload(tok.bidder1!, 'plain.pdf', pdf('PLAIN'));
    const refused = await t.call(
      bidApi.submitBid,
      {
        tenderId,
        totalPrice: 100,
        deliveryDays: 1,
        warrantyMonths: 1,
        fileIds: [plain.body.data.id],
      },
      tok.bidder1,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errorMsg).toMatch(/purpose=bid/);

    const submitted = await t.call(
      bidApi.submitBid,
      {
        tenderId,
        totalPrice: 100,
        deliveryDays: 1,
        warrantyMonths: 1,
        fileIds: [up1.body.data.id],
      },
      tok.bidder1,
    );
    expect(submitted.status).toBe(200);
    // The same file from another supplier: a collusion warning after the opening.
    const up2 = await upload(tok.bidder2!, '报价单副本.pdf', data, 'bid');
    await t.call(
      bidApi.submitBid,
      {
        tenderId,
        totalPrice: 120,
        deliveryDays: 1,
        warrantyMonths: 1,
        fileIds: [up2.body.data.id],
      },
      tok.bidder2,
    );

    // Sealed for everyone until the opening, its own supplier included (PRODUCT.md).
    for (const caller of ['bidder1', 'bidder2', 'bidder3', 'manager'])
      expect((await download(up1.body.data.id, tok[caller])).status, caller).toBe(404);
    expect((await download(up1.body.data.id)).status).not.toBe(200);
    // Its supplier sees the name and the real size, as its receipt lists them.
    const mine = await t.call(bidApi.listMyBids, { pageNum: 1, pageSize: 50 }, tok.bidder1);
    const own = mine.body.data.list.find((b: { tenderId: number }) => b.tenderId === tenderId);
    expect(own.files).toEqual([{ id: up1.body.data.id, name: '报价单.pdf', size: data.length }]);

    clock.advance(3600);
    expect((await t.call(bidApi.openBids, { id: tenderId }, tok.manager)).status).toBe(200);
    for (const caller of ['manager', 'bidder1']) {
      const raw = await t.app.inject({
        method: 'GET',
        url: `${API_BASE}${fileApi.download.path}?id=${up1.body.data.id}`,
        headers: { authorization: tok[caller]! },
      });
      expect(raw.statusCode, caller).toBe(200);
      expect(createHash('sha256').update(raw.rawPayload).digest('hex')).toBe(realSha);
    }
    expect((await download(up1.body.data.id, tok.bidder3)).status).toBe(404);

    const [revealed] = await t.database.db
      .select()
      .from(files)
      .where(eq(files.id, up1.body.data.id));
    expect(revealed).toMatchObject({ sha256: realSha, size: data.length });
    const comparison = (await t.call(bidApi.listBidsByTender, { tenderId }, tok.manager)).body.data;
    expect(comparison.warnings.map((w: { kind: string }) => w.kind)).toContain('same-file');
  });

  it('takes the sealed hash and size at submission instead of reading the whole file again', async () => {
    const tenderId = await createTender(t, clock.now(), { minBids: 1 });
    await signUp(t, tenderId, [await supplierIdOf(t, 'bidder3')]);
    const data = pdf('FACTS-KEPT-SEALED', 200 * 1024);
    const up = await upload(tok.bidder3!, '技术标.pdf', data, 'bid');
    expect(up.status).toBe(200);
    // Spoil the stored chunks: a submission that read them again would fail to unseal them.
    await t.database.db.execute(
      sql`update file_chunks set data = convert_to('{}', 'UTF8') where file_id = ${up.body.data.id}`,
    );
    const submitted = await t.call(
      bidApi.submitBid,
      { tenderId, totalPrice: 99, deliveryDays: 1, warrantyMonths: 1, fileIds: [up.body.data.id] },
      tok.bidder3,
    );
    expect(submitted.status).toBe(200);
    clock.advance(3600);
    expect((await t.call(bidApi.openBids, { id: tenderId }, tok.manager)).status).toBe(200);
    const [revealed] = await t.database.db
      .select()
      .from(files)
      .where(eq(files.id, up.body.data.id));
    expect(revealed).toMatchObject({
      sha256: createHash('sha256').update(data).digest('hex'),
      size: data.length,
    });
  });
});
