import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import * as contracts from '@tender/contracts';
import { API_BASE, admin, bidApi, fileApi, type RouteContract } from '@tender/contracts';
import { startTestApp, TestClock, type TestApp } from './support/app.js';
import {
  contentKeyText,
  createTender,
  lotIdsOf,
  encryptFile,
  pdfWith,
  sealQuotation,
  signUp,
  supplierIdOf,
  uploadFile,
} from './support/bids.js';
import { bidRevisions, bids, fileChunks, files, roles, users } from '../src/db/schema/index.js';
import { masterKeyOf, unsealContent } from '../src/lib/sealed-bid.js';
import { unsealChunk } from '../src/modules/bids/files.js';
import { testDbKind } from './support/database.js';

/**
 * Before the opening nobody learns a price, a remark, an attachment or a count: not through any
 * route (whatever the role — the bidding supplier's own accounts included, also one an
 * administrator linked to the company or one whose password was reset), not in any table row,
 * not in the audit log or the log. The submission's own answer alone echoes what it sent.
 */
const PRICE = 987123.45;
const ANNEX = 'ANNEX-SECRET-b1-5d0e';
/**
 * A three-lot tender's prices and remarks (bidder1 on lots 1 and 2, bidder2 on lots 1 and 3).
 * Each price begins with two digits of 8 or 9, so that no hex text of sealed ASCII (a bytea
 * column as `t::text` and pg_dump show it) can spell it by chance.
 */
const LOT_SECRETS = [
  '8934561.25',
  '8934561',
  '9823457.75',
  '9823457',
  '8812345.5',
  '8812345',
  '9945671.05',
  '9945671',
  'LOT-SECRET-REMARK-a1',
  'LOT-SECRET-REMARK-b3',
  'LOT-ANNEX-SECRET-c7',
];
const SECRETS = [
  '987123.45',
  '987123',
  '玖拾捌万柒仟壹佰贰拾叁',
  'SECRET-REMARK-7f3a',
  ANNEX,
  ...LOT_SECRETS,
];

let t: TestApp;
const logLines: string[] = [];
const clock = new TestClock(new Date('2026-05-06T03:00:00.000Z'));
const tokens: Record<string, string | undefined> = { anonymous: undefined };
let tenderId: number;
let bidId: number;
/** bidder1's sealed attachment. */
let fileId: number;

/** The three-lot tender, its lots and the bids on them. */
const lotted = { tenderId: 0, lotIds: [] as number[], bidIds: [] as number[], fileId: 0 };

/** `bidder` mode: a price and an attachment text only the bidder's content key opens. */
const BIDDER_SECRETS = ['7654321.09', '7654321', '柒佰陆拾伍万肆仟叁佰贰拾壹', 'ANNEX-SECRET-91c2'];
const bidderMode = { tenderId: 0, bidId: 0, fileId: 0, keyText: '' };

beforeAll(async () => {
  t = await startTestApp({
    clock,
    logStream: { write: (line) => void logLines.push(line) },
    config: { logLevel: 'trace' },
  });
  for (const name of ['admin', 'manager', 'bidder1', 'bidder2', 'bidder4'])
    tokens[name] = await t.login(name);
  tenderId = await createTender(t, clock.now(), { minBids: 1 });
  await signUp(
    t,
    tenderId,
    await Promise.all(['bidder1', 'bidder2', 'bidder4'].map((n) => supplierIdOf(t, n))),
  );
  const upload = await uploadFile(t, tokens.bidder1!, '商务报价.pdf', pdfWith(ANNEX), 'bid');
  expect(upload.status).toBe(200);
  fileId = upload.body.data.id;
  const quote = {
    tenderId,
    totalPrice: PRICE,
    currency: 'CNY',
    deliveryDays: 60,
    warrantyMonths: 18,
    remark: 'SECRET-REMARK-7f3a',
    fileIds: [fileId],
  };
  const receipt = await t.call(bidApi.submitBid, quote, tokens.bidder1);
  expect(receipt.status).toBe(200);
  // The one answer that holds the price: the submission's own, echoing what it sent.
  expect(receipt.body.data.quotation).toMatchObject({
    totalPrice: '987123.45',
    remark: 'SECRET-REMARK-7f3a',
    fileIds: [fileId],
  });
  bidId = receipt.body.data.bidId;
  // A refused submission must not echo the price either.
  const refused = await t.call(bidApi.submitBid, { ...quote, totalPrice: 987123.456 });
  expect(JSON.stringify(refused.body)).not.toContain('987123');
  await t.call(bidApi.submitBid, { ...quote, totalPrice: 111222.33, remark: '' }, tokens.bidder2);
});

// A three-lot tender with bids on several lots, submitted a minute before the bids above (so
// each company's newest bid stays the one the tests above read first).
beforeAll(async () => {
  clock.advance(-60);
  lotted.tenderId = await createTender(t, clock.now(), { minBids: 1 }, [
    { name: '35kV 开关柜', budget: '5000000.00' },
    { name: '10kV 电缆', budget: '3000000.00' },
    { name: '二次设备', budget: '6000000.00' },
  ]);
  lotted.lotIds = await lotIdsOf(t, lotted.tenderId);
  const [lot1, lot2, lot3] = lotted.lotIds;
  await signUp(t, lotted.tenderId, [await supplierIdOf(t, 'bidder1')], [lot1!, lot2!]);
  await signUp(t, lotted.tenderId, [await supplierIdOf(t, 'bidder2')], [lot1!, lot3!]);
  const upload = await uploadFile(
    t,
    tokens.bidder1!,
    '标段2报价.pdf',
    pdfWith('LOT-ANNEX-SECRET-c7'),
    'bid',
  );
  lotted.fileId = upload.body.data.id;
  const terms = { currency: 'CNY', deliveryDays: 60, warrantyMonths: 18, remark: '' };
  const sent: [string, number, Record<string, unknown>][] = [
    ['bidder1', lot1!, { totalPrice: 8934561.25, remark: 'LOT-SECRET-REMARK-a1' }],
    ['bidder1', lot2!, { totalPrice: 9823457.75, fileIds: [lotted.fileId] }],
    ['bidder2', lot1!, { totalPrice: 8812345.5 }],
    ['bidder2', lot3!, { totalPrice: 9945671.05, remark: 'LOT-SECRET-REMARK-b3' }],
  ];
  for (const [who, lotId, quote] of sent) {
    const body = { tenderId: lotted.tenderId, lotId, ...terms, ...quote };
    const reply = await t.call(bidApi.submitBid, body, tokens[who]);
    expect(reply.status).toBe(200);
    expect(reply.body.data.lotId).toBe(lotId);
    lotted.bidIds.push(reply.body.data.bidId);
    // Refused — no lotId on a tender of several lots, a lot not signed up for — without an echo.
    const refusals = [
      await t.call(bidApi.submitBid, { ...body, lotId: undefined }, tokens[who]),
      await t.call(
        bidApi.submitBid,
        { ...body, lotId: lotted.lotIds[who === 'bidder1' ? 2 : 1] },
        tokens[who],
      ),
    ];
    for (const refused of refusals) {
      expect(refused.status).toBeGreaterThanOrEqual(400);
      expect(contains(JSON.stringify(refused.body))).toEqual([]);
    }
  }
  clock.advance(60);
});

// A bidder-mode bid, its envelope made as a browser makes it (PBKDF2 at 600,000 iterations).
beforeAll(async () => {
  bidderMode.tenderId = await createTender(t, clock.now(), { minBids: 1, sealMode: 'bidder' });
  await signUp(t, bidderMode.tenderId, [await supplierIdOf(t, 'bidder2')]);
  const { sealed: probe, contentKey } = await sealQuotation('{}', 'Leak#Passphrase1');
  const upload = await uploadFile(
    t,
    tokens.bidder2!,
    '报价.pdf',
    await encryptFile(pdfWith(BIDDER_SECRETS[3]!), contentKey),
    'sealed-bid',
  );
  bidderMode.fileId = upload.body.data.id;
  const { sealed } = await sealQuotation(
    {
      totalPrice: '7654321.09',
      deliveryDays: 30,
      warrantyMonths: 12,
      remark: BIDDER_SECRETS[3],
      fileIds: [bidderMode.fileId],
    },
    'Leak#Passphrase1',
    { contentKey, salt: new Uint8Array(Buffer.from(probe.salt, 'base64')) },
  );
  const sent = await t.call(
    bidApi.submitBid,
    { tenderId: bidderMode.tenderId, sealed, fileIds: [bidderMode.fileId] },
    tokens.bidder2,
  );
  expect(sent.status).toBe(200);
  bidderMode.bidId = sent.body.data.bidId;
  bidderMode.keyText = contentKeyText(contentKey);
});
afterAll(() => t.close());

const contains = (text: string) => SECRETS.filter((secret) => text.includes(secret));

/** Every GET contract with its query filled from the names it declares. */
function getRoutes(): RouteContract[] {
  const routes: RouteContract[] = [];
  for (const space of Object.values(contracts))
    if (space && typeof space === 'object')
      for (const value of Object.values(space as Record<string, unknown>)) {
        const route = value as RouteContract;
        if (route && route.method === 'GET' && typeof route.path === 'string') routes.push(route);
      }
  return routes;
}

function inputFor(route: RouteContract, id: number, named: Record<string, unknown> = {}) {
  const shape = route.query instanceof z.ZodObject ? route.query.shape : {};
  const values: Record<string, unknown> = {
    tenderId,
    id,
    bidId,
    pageNum: 1,
    pageSize: 100,
    keyword: '',
    ...named,
  };
  return Object.fromEntries(
    Object.keys(shape).flatMap((k) => (k in values ? [[k, values[k]]] : [])),
  );
}

/** Every account of bidder1's company: its own, and those an administrator gave it. */
const LINKED = ['bidder1', 'linkedByInsert', 'linkedByUpdate', 'bidder1AfterReset'] as const;
const download = (id: number, token?: string) =>
  t.app.inject({
    method: 'GET',
    url: `${API_BASE}${fileApi.download.path}?id=${id}`,
    headers: token ? { authorization: token } : {},
  });

// An administrator links accounts to bidder1's company three ways (PRODUCT.md, Bid rules).
beforeAll(async () => {
  const supplierId = await supplierIdOf(t, 'bidder1');
  const [bidderRole] = await t.database.db.select().from(roles).where(eq(roles.roleName, 'bidder'));
  const user = (username: string, company: number) => ({
    username,
    password: 'Linked@12345',
    realName: '临时账号',
    roleId: bidderRole!.id,
    supplierId: company,
  });
  const inserted = await t.call(admin.insertAdmin, user('linked_insert', supplierId), tokens.admin);
  expect(inserted.status).toBe(200);
  // An account of another company (bidder3's, not in this tender), then moved to bidder1's.
  const elsewhere = await supplierIdOf(t, 'bidder3');
  const plain = await t.call(admin.insertAdmin, user('linked_update', elsewhere), tokens.admin);
  expect(plain.status).toBe(200);
  const updated = await t.call(
    admin.updateAdmin,
    { userid: plain.body.data.userid, supplierId },
    tokens.admin,
  );
  expect(updated.status).toBe(200);
  const [bidder1] = await t.database.db.select().from(users).where(eq(users.username, 'bidder1'));
  const reset = await t.call(
    admin.updateAdminPasswordById,
    { userid: bidder1!.id, password: 'Reset@12345' },
    tokens.admin,
  );
  expect(reset.status).toBe(200);
  tokens.linkedByInsert = await t.login('linked_insert', 'Linked@12345');
  tokens.linkedByUpdate = await t.login('linked_update', 'Linked@12345');
  tokens.bidder1AfterReset = await t.login('bidder1', 'Reset@12345');
  // The reset ended bidder1's old session; its own new one reads no more than the others.
  tokens.bidder1 = await t.login('bidder1', 'Reset@12345');
});

describe('before the opening', () => {
  it.each(['anonymous', 'bidder2', 'bidder4', 'manager', 'admin', ...LINKED])(
    'no route answers %s a price, a remark or the count',
    async (caller) => {
      // withdraw-bid is a GET: the bidding company's own accounts would withdraw the bid.
      const own = (LINKED as readonly string[]).includes(caller);
      const routes = getRoutes().filter((route) => !own || route !== bidApi.withdrawBid);
      expect(routes.length).toBeGreaterThan(10);
      for (const route of routes)
        for (const id of [tenderId, bidId]) {
          const reply = await t.call(route, inputFor(route, id), tokens[caller]);
          const text = JSON.stringify(reply.body);
          expect(contains(text), `${route.path} as ${caller}`).toEqual([]);
        }
      const count = await t.call(bidApi.getBidCount, { tenderId }, tokens[caller]);
      expect(count.status).not.toBe(200);
      const record = await t.call(bidApi.getOpeningRecord, { tenderId }, tokens[caller]);
      expect(record.status).not.toBe(200);
      const comparison = await t.call(bidApi.listBidsByTender, { tenderId }, tokens[caller]);
      expect(comparison.status).not.toBe(200);
    },
  );

  // Before the sweep below, whose GET add-supply-ttender signs bidder1 up for every lot.
  it('the company bidding on several lots sees a receipt per lot, no price', async () => {
    const biddable = await t.call(
      bidApi.listBiddableTtender,
      { pageNum: 1, pageSize: 10, tenderId: lotted.tenderId },
      tokens.bidder1,
    );
    const row = biddable.body.data.list[0];
    expect(row.signedUpLotIds).toEqual(lotted.lotIds.slice(0, 2));
    expect(row.myBids).toMatchObject([
      { bidId: lotted.bidIds[0], lotId: lotted.lotIds[0], totalPrice: null, remark: null },
      { bidId: lotted.bidIds[1], lotId: lotted.lotIds[1], totalPrice: null, remark: null },
    ]);
    expect(contains(JSON.stringify(biddable.body))).toEqual([]);
  });

  it.each(['anonymous', 'bidder1', 'bidder2', 'bidder4', 'manager', 'admin', 'linkedByInsert'])(
    "no route answers %s any lot's price of a tender of several lots",
    async (caller) => {
      const routes = getRoutes().filter((route) => route !== bidApi.withdrawBid);
      const ids = [lotted.tenderId, ...lotted.bidIds, lotted.fileId];
      for (const route of routes) {
        // Each distinct query once: every id it may name, each lot (and none) when it takes one.
        const inputs = new Map<string, Record<string, unknown>>();
        for (const id of ids)
          for (const lotId of [undefined, ...lotted.lotIds]) {
            const named = { tenderId: lotted.tenderId, bidId: id, lotId };
            const input = inputFor(route, id, named);
            inputs.set(JSON.stringify(input), input);
          }
        for (const [key, input] of inputs) {
          const reply = await t.call(route, input, tokens[caller]);
          const text = JSON.stringify(reply.body);
          expect(contains(text), `${route.path} ${key} as ${caller}`).toEqual([]);
        }
      }
      for (const lotId of [undefined, ...lotted.lotIds]) {
        const query = { tenderId: lotted.tenderId, lotId };
        const count = await t.call(bidApi.getBidCount, query, tokens[caller]);
        expect(count.status).not.toBe(200);
        const record = await t.call(bidApi.getOpeningRecord, query, tokens[caller]);
        expect(record.status).not.toBe(200);
        const comparison = await t.call(bidApi.listBidsByTender, query, tokens[caller]);
        expect(comparison.status).not.toBe(200);
      }
      // The one reading POST about a tender: its sign-ups.
      const participants = await t.call(
        contracts.supplierApi.getSupplyInformationByTenderId,
        { tenderId: lotted.tenderId },
        tokens[caller],
      );
      expect(contains(JSON.stringify(participants.body))).toEqual([]);
      const file = await download(lotted.fileId, tokens[caller]);
      expect(file.statusCode).not.toBe(200);
      expect(contains(file.rawPayload.toString('latin1'))).toEqual([]);
    },
  );

  it('the bidding supplier itself sees its receipt, not its price', async () => {
    const mine = await t.call(bidApi.listMyBids, { pageNum: 1, pageSize: 10 }, tokens.bidder1);
    expect(mine.body.data.list[0]).toMatchObject({
      bidId,
      revision: 1,
      totalPrice: null,
      remark: null,
      files: [{ id: fileId, name: '商务报价.pdf', size: pdfWith(ANNEX).length }],
    });
    expect(mine.body.data.list[0].digest).toMatch(/^[0-9a-f]{64}$/);
    expect(contains(JSON.stringify(mine.body))).toEqual([]);
  });

  it.each(LINKED)(
    'an account of the bidding company (%s) gets no price, remark or file content',
    async (caller) => {
      const token = tokens[caller];
      const mine = await t.call(bidApi.listMyBids, { pageNum: 1, pageSize: 10 }, token);
      expect(mine.status).toBe(200);
      expect(mine.body.data.list[0]).toMatchObject({ bidId, totalPrice: null, remark: null });
      const biddable = await t.call(
        bidApi.listBiddableTtender,
        { pageNum: 1, pageSize: 10, tenderId },
        token,
      );
      expect(biddable.body.data.list[0].myBid).toMatchObject({ bidId, totalPrice: null });
      const sealed = await t.call(bidApi.getMySealedBid, { bidId }, token);
      expect(sealed.status).toBe(409);
      const file = await download(fileId, token);
      expect(file.statusCode).toBe(404);
      for (const reply of [mine, biddable, sealed])
        expect(contains(JSON.stringify(reply.body)), caller).toEqual([]);
      expect(contains(file.rawPayload.toString('latin1')), caller).toEqual([]);
    },
  );

  it('no table row, audit entry or log line holds a price or a remark', async () => {
    const result = await t.database.db.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const tables = (result as unknown as { rows: { table_name: string }[] }).rows;
    expect(tables.map((r) => r.table_name)).toEqual(expect.arrayContaining(['bids', 'audit_log']));
    for (const { table_name } of tables) {
      const rows = await t.database.db.execute(
        sql`select t::text as row from ${sql.identifier(table_name)} t`,
      );
      const text = (rows as unknown as { rows: { row: string }[] }).rows
        .map((r) => r.row)
        .join('\n');
      expect(contains(text), table_name).toEqual([]);
    }
    expect(logLines.length).toBeGreaterThan(0);
    expect(contains(logLines.join('\n'))).toEqual([]);
  });

  // What an operator's backup holds: the whole database as pg_dump writes it.
  it.runIf(testDbKind === 'postgres')('a pg_dump of the database holds no price', () => {
    const dump = execFileSync('pg_dump', ['--no-owner', t.databaseUrl!], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    expect(dump).toContain('COPY public.bids');
    expect(contains(dump)).toEqual([]);
    expect(bidderSecretsIn(dump)).toEqual([]);
  });
});

/**
 * Everything the database holds for a `bidder`-mode bid, unsealed with BID_SEAL_KEY as an
 * operator holding the server could: the live row, every revision and the attachment's chunks.
 */
async function unsealedWithTheServerKey() {
  const key = masterKeyOf(t.app.deps);
  const db = t.database.db;
  const texts: string[] = [];
  const [live] = await db.select().from(bids).where(eq(bids.id, bidderMode.bidId));
  const { tenderId: tid, supplierId } = live!;
  texts.push(JSON.stringify(unsealContent(key, live!.sealed!, tid, supplierId, live!.revision)));
  for (const r of await db.select().from(bidRevisions).where(eq(bidRevisions.bidId, live!.id)))
    if (r.sealed)
      texts.push(JSON.stringify(unsealContent(key, r.sealed, tid, supplierId, r.revision)));
  const ids = (
    await db.select({ id: files.id }).from(files).where(eq(files.ownerId, live!.id))
  ).map((f) => f.id);
  expect(ids).toEqual([bidderMode.fileId]);
  for (const c of await db.select().from(fileChunks).where(inArray(fileChunks.fileId, ids)))
    texts.push(unsealChunk(key, c.fileId, c.seq, c.data).toString('latin1'));
  return texts.join('\n');
}

const bidderSecretsIn = (text: string) => BIDDER_SECRETS.filter((s) => text.includes(s));

describe('a bidder-mode bid before its bidder decrypts it', () => {
  it('unsealed with BID_SEAL_KEY, nothing the database holds shows the price', async () => {
    const unsealed = await unsealedWithTheServerKey();
    // The server's layer opens (the scan sees the envelope) but the envelope does not.
    expect(unsealed).toContain('"envelope"');
    expect(bidderSecretsIn(unsealed)).toEqual([]);
    for (const table of ['bids', 'bid_revisions', 'files', 'file_chunks', 'audit_log']) {
      const rows = await t.database.db.execute(
        sql`select t::text as row from ${sql.identifier(table)} t`,
      );
      const text = (rows as unknown as { rows: { row: string }[] }).rows.map((r) => r.row).join();
      expect(bidderSecretsIn(text), table).toEqual([]);
    }
  });
});

describe('after the opening', () => {
  it('the same scan finds the revealed price (the detector works)', async () => {
    clock.advance(3600);
    const opened = await t.call(bidApi.openBids, { id: tenderId }, tokens.manager);
    expect(opened.status).toBe(200);
    expect(contains(JSON.stringify(opened.body))).toEqual(SECRETS.slice(0, 3));
    const rows = await t.database.db.execute(sql`select t::text as row from bids t`);
    const text = (rows as unknown as { rows: { row: string }[] }).rows.map((r) => r.row).join();
    expect(contains(text)).toContain('987123.45');
  });

  it.each(LINKED)('the bidding company (%s) now sees its bid as opened', async (caller) => {
    const mine = await t.call(bidApi.listMyBids, { pageNum: 1, pageSize: 10 }, tokens[caller]);
    expect(mine.body.data.list[0]).toMatchObject({
      bidId,
      status: 'opened',
      totalPrice: PRICE,
      remark: 'SECRET-REMARK-7f3a',
      fileIds: [fileId],
    });
    const file = await download(fileId, tokens[caller]);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.toString('latin1')).toContain(ANNEX);
    // Still nobody else's.
    expect((await download(fileId, tokens.bidder2)).statusCode).toBe(404);
  });
});

describe('the bidder-mode bid after its bidder decrypts it', () => {
  it('opens with the content key, the digest verifies; neither key nor price is logged', async () => {
    const started = await t.call(bidApi.openBids, { id: bidderMode.tenderId }, tokens.manager);
    expect(started.status).toBe(200);
    expect(bidderSecretsIn(JSON.stringify(started.body))).toEqual([]);
    const decrypted = await t.call(
      bidApi.decryptBid,
      { bidId: bidderMode.bidId, contentKey: bidderMode.keyText },
      tokens.bidder2,
    );
    expect(decrypted.body.data).toMatchObject({ digestVerified: true, valid: true });
    // The detector works: the same unsealing now finds the price and the attachment's text.
    expect(bidderSecretsIn(await unsealedWithTheServerKey())).toEqual([
      '7654321.09',
      '7654321',
      'ANNEX-SECRET-91c2',
    ]);
    const audit = await t.database.db.execute(sql`select t::text as row from audit_log t`);
    const auditText = (audit as unknown as { rows: { row: string }[] }).rows
      .map((r) => r.row)
      .join();
    for (const text of [auditText, logLines.join('\n')]) {
      expect(text).not.toContain(bidderMode.keyText);
      expect(bidderSecretsIn(text)).toEqual([]);
    }
  });
});
