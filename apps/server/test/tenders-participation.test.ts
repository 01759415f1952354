import ExcelJS from 'exceljs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, supplierApi, tenderApi } from '@tender/contracts';
import { participations, suppliers } from '../src/db/schema/index.js';
import { TestClock, startTestApp, type TestApp } from './support/app.js';
import { COMPANY, DAY, download, draftInput, supplierIdOf, upload } from './support/tenders.js';

let t: TestApp;
const clock = new TestClock();
const now = () => clock.now();
const token = {} as Record<string, string> & { manager: string };

beforeAll(async () => {
  t = await startTestApp({ clock });
  for (const name of ['manager', 'bidder1', 'bidder2', 'bidder3', 'bidder4'])
    token[name] = await t.login(name);
});
afterAll(() => t.close());

async function published(overrides: Record<string, unknown> = {}, days = 25) {
  const reply = await t.call(
    tenderApi.insertTtender,
    draftInput(now(), overrides, days),
    token.manager,
  );
  expect(reply.body.errorMsg ?? null).toBeNull();
  const id = reply.body.data.id as number;
  expect((await t.call(tenderApi.publishTtender, { id }, token.manager)).body.code).toBe(0);
  return id;
}
const signUp = (tenderId: number, who: string, supplierId?: number) =>
  t.call(
    tenderApi.addSupplyTtender,
    { tenderId, ...(supplierId ? { supplierId } : {}) },
    token[who],
  );
const setSupplier = (name: string, values: Partial<typeof suppliers.$inferInsert>) =>
  t.database.db.update(suppliers).set(values).where(eq(suppliers.companyName, name));

describe('sign-up', () => {
  it('is idempotent, and two simultaneous sign-ups give one participation', async () => {
    const id = await published();
    const first = await signUp(id, 'bidder1');
    expect(first.body.data).toMatchObject({ signedUp: true, alreadySignedUp: false });
    const second = await signUp(id, 'bidder1');
    expect(second.body.data).toMatchObject({
      alreadySignedUp: true,
      signedUpAt: first.body.data.signedUpAt,
    });
    const both = await Promise.all([signUp(id, 'bidder2'), signUp(id, 'bidder2')]);
    expect(both.map((r) => r.body.code)).toEqual([0, 0]);
    expect(both.map((r) => r.body.data.alreadySignedUp).sort()).toEqual([false, true]);
    const [rows] = await t.database.db
      .select({ n: count() })
      .from(participations)
      .where(eq(participations.tenderId, id));
    expect(rows!.n).toBe(2);
    const people = await t.call(
      supplierApi.getSupplyInformationByTenderId,
      { tenderId: id },
      token.manager,
    );
    expect(people.body.data.map((p: { companyName: string }) => p.companyName)).toEqual([
      COMPANY.bidder1,
      COMPANY.bidder2,
    ]);
  });

  it('refuses pending, rejected and blacklisted companies with the reason, until a blacklisting ends', async () => {
    const id = await published();
    const pending = await signUp(id, 'bidder4');
    expect(pending.status).toBe(409);
    expect(pending.body.errorMsg).toMatch(/审核中/);
    await setSupplier(COMPANY.bidder3, { status: 'rejected' });
    expect((await signUp(id, 'bidder3')).body.errorMsg).toMatch(/审核未通过/);
    await setSupplier(COMPANY.bidder3, {
      status: 'blacklisted',
      blacklistUntil: new Date(now().getTime() + 3600_000),
    });
    const listed = await signUp(id, 'bidder3');
    expect(listed.status).toBe(409);
    // Until when, as people read times: Beijing, to the minute.
    expect(listed.body.errorMsg).toMatch(/黑名单（至 \d{4}-\d{2}-\d{2} \d{2}:\d{2}）/);
    const open = await t.call(tenderApi.getTtenderById, { id }, token.bidder3);
    expect(open.body.data.participation.signUpRefusal).toMatch(/黑名单/);
    clock.advance(3601);
    expect((await signUp(id, 'bidder3')).body.data.alreadySignedUp).toBe(false);
    await setSupplier(COMPANY.bidder3, { status: 'approved', blacklistUntil: null });
  });

  it('keeps invited tenders to their invitees; a manager invites; a bidder cannot name another company', async () => {
    const bidder1Id = await supplierIdOf(t, COMPANY.bidder1);
    const bidder2Id = await supplierIdOf(t, COMPANY.bidder2);
    const id = await published({ procurementMethod: 'invited', invitedSupplierIds: [bidder1Id] });
    expect((await signUp(id, 'bidder1')).body.code).toBe(0);
    const notInvited = await signUp(id, 'bidder2');
    expect(notInvited.status).toBe(409);
    expect(notInvited.body.errorMsg).toBe('本项目为邀请招标，贵公司未受邀');
    expect((await t.call(tenderApi.getTtenderById, { id }, token.bidder2)).status).toBe(404);
    expect((await signUp(id, 'bidder1', bidder2Id)).status).toBe(404);
    const invite = await signUp(id, 'manager', bidder2Id);
    expect(invite.body.data.alreadySignedUp).toBe(false);
    const view = await t.call(tenderApi.getTtenderById, { id }, token.bidder2);
    expect(view.body.data.participation).toMatchObject({ signedUp: true, signUpRefusal: null });
    const pendingId = await supplierIdOf(t, COMPANY.bidder4);
    expect((await signUp(id, 'manager', pendingId)).body.errorMsg).toMatch(/不能邀请.*审核中/);
  });
});

describe('amendments', () => {
  it('numbers amendments, extends a mandatory deadline to 15 days, previews without saving', async () => {
    const id = await published({ mandatory: true }, 21);
    await t.call(tenderApi.addSupplyTtender, { tenderId: id }, token.bidder1);
    clock.advance(10 * DAY);
    const before = (await t.call(tenderApi.getTtenderById, { id }, token.manager)).body.data;
    const preview = await t.call(
      tenderApi.amendTtender,
      { id, reason: '调整预算', budget: 1_100_000, preview: true },
      token.manager,
    );
    expect(preview.body.data).toMatchObject({ amendmentNo: 1, deadlineExtended: true });
    const expected = Math.ceil((now().getTime() + 15 * DAY * 1000) / 60_000) * 60_000;
    expect(new Date(preview.body.data.bidDeadline).getTime()).toBe(expected);
    expect(preview.body.data.changes).toContainEqual({
      field: 'budget',
      before: 1_200_000,
      after: 1_100_000,
    });
    expect(
      (await t.call(tenderApi.listAmendments, { tenderId: id }, token.manager)).body.data,
    ).toEqual([]);
    expect((await t.call(tenderApi.getTtenderById, { id }, token.manager)).body.data.budget).toBe(
      1_200_000,
    );

    const first = await t.call(
      tenderApi.amendTtender,
      { id, reason: '调整预算', budget: 1_100_000 },
      token.manager,
    );
    expect(first.body.data).toMatchObject({ amendmentNo: 1, deadlineExtended: true });
    const after = (await t.call(tenderApi.getTtenderById, { id }, token.manager)).body.data;
    expect(after).toMatchObject({
      budget: 1_100_000,
      amendmentCount: 1,
      bidDeadline: first.body.data.bidDeadline,
    });
    expect(new Date(after.openingAt).getTime() - new Date(after.bidDeadline).getTime()).toBe(
      new Date(before.openingAt).getTime() - new Date(before.bidDeadline).getTime(),
    );
    const second = await t.call(
      tenderApi.amendTtender,
      { id, reason: '澄清技术参数' },
      token.manager,
    );
    expect(second.body.data).toMatchObject({
      amendmentNo: 2,
      deadlineExtended: false,
      changes: [],
    });

    const forBidder = await t.call(tenderApi.listAmendments, { tenderId: id }, token.bidder1);
    expect(forBidder.body.data.map((a: { amendmentNo: number }) => a.amendmentNo)).toEqual([2, 1]);
    expect((await t.call(tenderApi.listAmendments, { tenderId: id }, token.bidder2)).status).toBe(
      404,
    );
    const own = await t.call(tenderApi.getTtenderById, { id }, token.bidder1);
    expect(own.body.data.participation.amendmentCount).toBe(2);
    const bad = await t.call(
      tenderApi.amendTtender,
      { id, reason: 'x', priceCeiling: 2_000_000 },
      token.manager,
    );
    expect(bad.status).toBe(400);
  });
});

describe('documents and leaks', () => {
  it('lets the signed-up approved bidder and managers download, logs it, and nobody else', async () => {
    const fileId = await upload(t, token.manager, '招标文件.pdf');
    const id = await published({ documentIds: [fileId], title: '文件下载测试' });
    expect((await download(t, fileId, token.bidder2)).statusCode).toBe(404);
    expect((await download(t, fileId)).statusCode).toBe(401);
    const unsigned = await t.call(tenderApi.getTtenderById, { id }, token.bidder2);
    expect(unsigned.body.data.documents).toEqual([]);
    await t.call(tenderApi.addSupplyTtender, { tenderId: id }, token.bidder1);
    const signed = await t.call(tenderApi.getTtenderById, { id }, token.bidder1);
    expect(signed.body.data.documents.map((d: { name: string }) => d.name)).toEqual([
      '招标文件.pdf',
    ]);
    // Another company's sign-up changes nothing in this one's view (one query, keyed by company).
    const other = await t.call(tenderApi.getTtenderById, { id }, token.bidder2);
    expect(other.body.data.documents).toEqual([]);
    expect(other.body.data.participation).toMatchObject({ signedUp: false, signedUpAt: null });
    const otherList = await t.call(tenderApi.listOpenTtender, { pageSize: 100 }, token.bidder2);
    const listed = otherList.body.data.list.find((r: { id: number }) => r.id === id);
    expect(listed).toMatchObject({ documents: [], participation: { signedUp: false } });
    expect((await download(t, fileId, token.bidder1)).statusCode).toBe(200);
    expect((await download(t, fileId, token.manager)).statusCode).toBe(200);
    const log = await t.call(tenderApi.listDownloadLog, { tenderId: id }, token.manager);
    expect(log.body.data.list.map((e: { username: string }) => e.username)).toEqual([
      'manager',
      'bidder1',
    ]);
    expect(log.body.data.list[1]).toMatchObject({
      companyName: COMPANY.bidder1,
      fileName: '招标文件.pdf',
    });
    expect((await t.call(tenderApi.listDownloadLog, { tenderId: id }, token.bidder1)).status).toBe(
      403,
    );
    // A blacklisted company loses the documents while the blacklisting runs.
    await setSupplier(COMPANY.bidder1, { status: 'blacklisted', blacklistUntil: null });
    expect((await download(t, fileId, token.bidder1)).statusCode).toBe(404);
    await setSupplier(COMPANY.bidder1, { status: 'approved' });
    const people = await t.call(
      supplierApi.getSupplyInformationByTenderId,
      { tenderId: id },
      token.manager,
    );
    expect(people.body.data[0]).toMatchObject({ companyName: COMPANY.bidder1, downloads: 1 });
  });

  it('never shows sign-ups, counts, download logs, drafts or internal fields to others', async () => {
    const draft = (
      await t.call(tenderApi.insertTtender, draftInput(now(), { title: '泄露草稿' }), token.manager)
    ).body.data.id;
    const id = await published({ title: '泄露检查', minBids: 7, priceCeiling: 1_000_000 });
    await t.call(tenderApi.addSupplyTtender, { tenderId: id }, token.bidder1);
    const forbidden =
      /minBids|invitedSupplierIds|createdBy|participants|companyName|华能|downloads|retenderOf|searchText|searchVector/;
    const answers = [
      await t.call(tenderApi.searchTenderMsg, { keyword: '泄露' }),
      await t.call(tenderApi.getTenderMsgById, { id }),
      await t.call(tenderApi.getTtenderById, { id }, token.bidder2),
      await t.call(tenderApi.getTtenderById, { id }, token.bidder4),
      await t.call(tenderApi.listOpenTtender, { keyword: '泄露' }, token.bidder2),
      await t.call(tenderApi.listOpenTtender, { keyword: '泄露' }, token.bidder4),
    ];
    for (const answer of answers) {
      expect(answer.body.code).toBe(0);
      expect(JSON.stringify(answer.body)).not.toMatch(forbidden);
      expect(JSON.stringify(answer.body)).not.toContain('泄露草稿');
    }
    expect(answers[0]!.body.data.list.map((r: { id: number }) => r.id)).toEqual([id]);
    expect(answers[4]!.body.data.list[0].participation).toMatchObject({ signedUp: false });
    expect(answers[5]!.body.data.list[0].participation.signUpRefusal).toMatch(/审核中/);
    for (const who of [undefined, token.bidder2, token.bidder4]) {
      const route = who ? tenderApi.getTtenderById : tenderApi.getTenderMsgById;
      expect((await t.call(route, { id: draft }, who)).status).toBe(404);
    }
    for (const who of ['bidder2', 'bidder4']) {
      expect(
        (await t.call(supplierApi.getSupplyInformationByTenderId, { tenderId: id }, token[who]))
          .status,
      ).toBe(403);
      expect((await t.call(tenderApi.listAmendments, { tenderId: id }, token[who])).status).toBe(
        404,
      );
    }
    expect((await t.call(tenderApi.searchTenderMsg, { pageSize: 101 })).status).toBe(400);
  });
});

describe('documents through amendments, re-tender and export', () => {
  it('replaces documents by amendment, copies them into a re-tender, exports the filtered list', async () => {
    const first = await upload(t, token.manager, '第一版.pdf');
    const id = await published({ documentIds: [first], title: '文件变更测试' });
    const second = await upload(t, token.manager, '第二版.pdf');
    const amended = await t.call(
      tenderApi.amendTtender,
      { id, reason: '更换招标文件', documentIds: [second] },
      token.manager,
    );
    expect(amended.body.data.changes).toEqual([
      { field: 'documentIds', before: [first], after: [second] },
    ]);
    const view = (await t.call(tenderApi.getTtenderById, { id }, token.manager)).body.data;
    expect(view.documents.map((d: { name: string }) => d.name)).toEqual(['第二版.pdf']);
    expect((await download(t, first, token.manager)).statusCode).toBe(404);

    await t.call(tenderApi.cancelTtender, { id, reason: '预算调整' }, token.manager);
    const again = await t.call(tenderApi.retenderTtender, { id }, token.manager);
    const copy = (await t.call(tenderApi.getTtenderById, { id: again.body.data.id }, token.manager))
      .body.data;
    expect(copy.documents.map((d: { name: string }) => d.name)).toEqual(['第二版.pdf']);
    expect(copy.documents[0].id).not.toBe(second);
    const bytes = await download(t, copy.documents[0].id, token.manager);
    expect(bytes.rawPayload.equals((await download(t, second, token.manager)).rawPayload)).toBe(
      true,
    );

    const exported = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${tenderApi.exportTtender.path}`,
      query: { keyword: '文件变更测试' },
      headers: { authorization: token.manager },
    });
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('招标列表')!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(2).value).toBe('文件变更测试');
  });
});
