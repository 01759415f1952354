import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  API_BASE,
  bidApi,
  envelopeCanonical,
  fileApi,
  notificationApi,
  notificationLinks,
  tenderApi,
  type BidderSealed,
} from '@tender/contracts';
import { bids } from '../src/db/schema/index.js';
import { startTestApp, TestClock, type TestApp } from './support/app.js';
import {
  contentKeyText,
  createTender,
  encryptFile,
  manyBidders,
  pdfWith,
  sealQuotation,
  signUp,
  supplierIdOf,
  unwrapContentKey,
  uploadFile,
} from './support/bids.js';

/**
 * 不见面开标 over HTTP: bidders submit envelopes their browser made, the manager starts the
 * opening, each bidder decrypts its own bid with its content key in the window, the manager
 * extends it once and finishes; the record is then confirmed or objected to.
 */
const PASS = '投标解密口令-Quote#2026';
const SALT = new Uint8Array(randomBytes(16));
const seal = (q: object | string, contentKey?: Uint8Array) =>
  sealQuotation(q as never, PASS, { salt: SALT, contentKey });

let t: TestApp;
const clock = new TestClock(new Date('2026-06-01T02:00:00.000Z'));
const tok: Record<string, string> = {};
const sup: Record<string, number> = {};
let tenderId: number;
/** Per bidder: its bid, its content key, the plaintext of its attachment. */
const bid: Record<
  string,
  { id: number; key: Uint8Array; file?: Buffer; fileId?: number; ciphertext?: Buffer }
> = {};
let extra: { supplierId: number; token: string }[];
let serverTender: number;

const quote = (price: number | string, fileIds: number[] = [], extraFields = {}) => ({
  totalPrice: price,
  currency: 'CNY',
  deliveryDays: 45,
  warrantyMonths: 24,
  remark: '含运输与安装',
  fileIds,
  ...extraFields,
});

async function submitSealed(token: string, sealed: BidderSealed, fileIds: number[] = []) {
  return t.call(bidApi.submitBid, { tenderId, sealed, fileIds }, token);
}

/** Uploads an attachment encrypted as the browser does; answers its id and the ciphertext. */
async function encryptedUpload(token: string, plain: Buffer, key: Uint8Array) {
  const ciphertext = await encryptFile(plain, key);
  const reply = await uploadFile(t, token, '报价明细.pdf', ciphertext, 'sealed-bid');
  expect(reply.status).toBe(200);
  return { id: reply.body.data.id as number, ciphertext };
}

const decrypt = (who: string, bidId: number, key: Uint8Array | string, token = tok[who]) =>
  t.call(
    bidApi.decryptBid,
    { bidId, contentKey: typeof key === 'string' ? key : contentKeyText(key) },
    token,
  );

beforeAll(async () => {
  t = await startTestApp({ clock });
  for (const name of ['manager', 'admin', 'bidder1', 'bidder2', 'bidder3']) {
    tok[name] = await t.login(name);
    if (name.startsWith('bidder')) sup[name] = await supplierIdOf(t, name);
  }
  extra = await manyBidders(t, 3, 'bmode');
  tenderId = await createTender(t, clock.now(), {
    sealMode: 'bidder',
    minBids: 2,
    priceCeiling: '9000000.00',
    decryptionMinutes: 30,
    confirmMinutes: 30,
  });
  serverTender = await createTender(t, clock.now());
  await signUp(t, tenderId, [...Object.values(sup), ...extra.map((e) => e.supplierId)]);
  await signUp(t, serverTender, [sup.bidder1!]);
  const plain = { tenderId: serverTender, ...quote(5000) };
  expect((await t.call(bidApi.submitBid, plain, tok.bidder1)).status).toBe(200);
});
afterAll(() => t.close());

describe('submitting in bidder mode', () => {
  it('takes an envelope and encrypted attachments; revisions and receipts as ever', async () => {
    const first = await seal(quote('1000.00'));
    const r1 = await submitSealed(tok.bidder1!, first.sealed);
    expect(r1.status).toBe(200);
    expect(r1.body.data).toMatchObject({ revision: 1, action: 'submit' });

    // The revision that counts: a new envelope (new content key) with an encrypted attachment.
    const key = (await seal('{}')).contentKey;
    const file = pdfWith('SEALED-ANNEX-MARKER-55');
    const { id: fileId, ciphertext } = await encryptedUpload(tok.bidder1!, file, key);
    const { sealed } = await seal(quote('7654321.09', [fileId]), key);
    const r2 = await submitSealed(tok.bidder1!, sealed, [fileId]);
    expect(r2.status).toBe(200);
    expect(r2.body.data).toMatchObject({ revision: 2, bidId: r1.body.data.bidId });
    bid.bidder1 = { id: r2.body.data.bidId, key, file, fileId, ciphertext };

    // The bidder's own views: no price (the server cannot read it), its envelope as sent.
    const mine = await t.call(bidApi.listMyBids, { pageNum: 1, pageSize: 10 }, tok.bidder1);
    const own = mine.body.data.list.find((b: { bidId: number }) => b.bidId === bid.bidder1!.id);
    expect(own).toMatchObject({ revision: 2, status: 'submitted', totalPrice: null });
    const envelope = await t.call(bidApi.getMySealedBid, { bidId: bid.bidder1.id }, tok.bidder1);
    expect(envelope.body.data).toMatchObject({ revision: 2, sealed, fileIds: [fileId] });
    expect(envelope.body.data.digest).toBe(r2.body.data.digest);
    // The browser unwraps the content key from it with the passphrase.
    expect(contentKeyText(await unwrapContentKey(envelope.body.data.sealed, PASS))).toBe(
      contentKeyText(key),
    );
    // … and a wrapped key altered by anyone does not unwrap.
    const altered = { ...sealed, wrappedKey: flipBase64(sealed.wrappedKey) };
    await expect(unwrapContentKey(altered, PASS)).rejects.toThrow();
    // Anyone else's envelope is as if it did not exist.
    for (const who of ['bidder2', 'manager'])
      expect(
        (await t.call(bidApi.getMySealedBid, { bidId: bid.bidder1.id }, tok[who])).status,
      ).toBeGreaterThanOrEqual(403);

    const b2 = await seal(quote(111111.11));
    const r3 = await submitSealed(tok.bidder2!, b2.sealed);
    bid.bidder2 = { id: r3.body.data.bidId, key: b2.contentKey };
    // bidder3's ciphertext gets altered in transit: its key will never open it.
    const b3 = await seal(quote(222222.22));
    const tampered = { ...b3.sealed, ciphertext: flipBase64(b3.sealed.ciphertext) };
    const r4 = await submitSealed(tok.bidder3!, tampered);
    bid.bidder3 = { id: r4.body.data.bidId, key: b3.contentKey };
    // Invalid content only the decryption can see; an attachment under another key.
    const bad = await seal(quote(-5));
    const r5 = await submitSealed(extra[0]!.token, bad.sealed);
    bid.negative = { id: r5.body.data.bidId, key: bad.contentKey };
    const mixed = await seal(quote(333333.33));
    const otherKey = (await seal('{}')).contentKey;
    const { id: strayId } = await encryptedUpload(extra[1]!.token, pdfWith('X'), otherKey);
    const r6 = await submitSealed(
      extra[1]!.token,
      (await seal(quote(333333.33, [strayId]), mixed.contentKey)).sealed,
      [strayId],
    );
    bid.strayFile = { id: r6.body.data.bidId, key: mixed.contentKey };
    for (const r of [r3, r4, r5, r6]) expect(r.status).toBe(200);
  });

  it('the seal mode is fixed once published: amend refuses it by name', async () => {
    const amend = await t.call(
      tenderApi.amendTtender,
      { id: tenderId, reason: '改为服务器密封', sealMode: 'server' },
      tok.manager,
    );
    expect(amend.status).toBe(400);
    expect(amend.body.data.fields[0].field).toBe('sealMode');
  });

  it('refuses the other mode’s body, plain files, weak key derivation and short ciphertext', async () => {
    const { sealed } = await seal(quote(1));
    const clear = await t.call(
      bidApi.submitBid,
      { tenderId, ...quote(5000), fileIds: [] },
      tok.bidder2,
    );
    expect(clear.status).toBe(400);
    expect(clear.body.data.fields[0].field).toBe('totalPrice');
    expect(JSON.stringify(clear.body)).not.toContain('5000');

    const both = await t.call(bidApi.submitBid, { tenderId, sealed, totalPrice: 5 }, tok.bidder2);
    expect(both.status).toBe(400);
    expect(both.body.data.fields.map((f: { field: string }) => f.field)).toContain('totalPrice');

    const wrongMode = await t.call(
      bidApi.submitBid,
      { tenderId: serverTender, sealed },
      tok.bidder1,
    );
    expect(wrongMode.status).toBe(400);
    expect(wrongMode.body.data.fields[0].field).toBe('sealed');

    const weak = await t.call(
      bidApi.submitBid,
      { tenderId, sealed: { ...sealed, iterations: 1000 } },
      tok.bidder2,
    );
    expect(weak.status).toBe(400);
    expect(weak.body.data.fields[0].field).toBe('sealed.iterations');

    const plainUpload = await uploadFile(t, tok.bidder2!, 'a.pdf', pdfWith('P'), 'bid');
    const plainFile = await submitSealed(tok.bidder2!, sealed, [plainUpload.body.data.id]);
    expect(plainFile.status).toBe(400);
    expect(plainFile.body.data.fields[0].field).toBe('fileIds');

    const cipherUpload = await uploadFile(t, tok.bidder1!, 'b.pdf', randomBytes(100), 'sealed-bid');
    expect(cipherUpload.status).toBe(200);
    const cipherInServerMode = await t.call(
      bidApi.submitBid,
      { tenderId: serverTender, ...quote(10), fileIds: [cipherUpload.body.data.id] },
      tok.bidder1,
    );
    expect(cipherInServerMode.status).toBe(400);
    expect(cipherInServerMode.body.data.fields[0].field).toBe('fileIds');

    const short = await uploadFile(t, tok.bidder1!, 'c.pdf', randomBytes(20), 'sealed-bid');
    expect(short.status).toBe(400);
    expect(short.body.data.fields[0].field).toBe('file');

    // Refusals left bidder2's live bid as it was.
    const [row] = await t.database.db.select().from(bids).where(eq(bids.id, bid.bidder2!.id));
    expect(row!.revision).toBe(1);
  });
});

describe('the opening ceremony', () => {
  it('nothing decrypts before the opening starts', async () => {
    expect((await decrypt('bidder1', bid.bidder1!.id, bid.bidder1!.key)).status).toBe(409);
    clock.advance(3600);
    expect((await decrypt('bidder1', bid.bidder1!.id, bid.bidder1!.key)).status).toBe(409);
    const ceremony = await t.call(bidApi.getOpeningCeremony, { tenderId }, tok.manager);
    expect(ceremony.status).toBe(409);
  });

  it('open-bids starts the window once and tells every bidder', async () => {
    const started = await t.call(bidApi.openBids, { id: tenderId }, tok.manager);
    expect(started.status).toBe(200);
    const ceremony = started.body.data;
    expect(ceremony.bids).toHaveLength(5);
    expect(ceremony.canFinish).toBe(false);
    expect(Date.parse(ceremony.decryptUntil) - Date.parse(ceremony.startedAt)).toBe(30 * 60_000);
    clock.advance(60);
    const again = await t.call(bidApi.openBids, { id: tenderId }, tok.manager);
    expect(again.body.data.startedAt).toBe(ceremony.startedAt);

    const shown = await t.call(tenderApi.getTenderMsgById, { id: tenderId });
    expect(shown.body.data).toMatchObject({
      status: 'opening',
      sealMode: 'bidder',
      decryptUntil: ceremony.decryptUntil,
    });
    const notices = await t.call(
      notificationApi.listMyNotification,
      { pageNum: 1, pageSize: 10 },
      tok.bidder2,
    );
    expect(notices.body.data.list[0].text).toMatch(/开标已开始，请在 .* 前解密/);
    expect(notices.body.data.list[0].link).toBe(notificationLinks.biddingRow(tenderId));
    expect((await t.call(bidApi.getOpeningCeremony, { tenderId }, tok.bidder1)).status).toBe(403);
  });

  it('refuses wrong, replayed and foreign keys (counted), then decrypts once', async () => {
    const own = bid.bidder1!;
    const wrong = await decrypt('bidder1', own.id, new Uint8Array(randomBytes(32)));
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields[0].field).toBe('contentKey');
    // bidder2's key replayed on bidder1's bid.
    expect((await decrypt('bidder1', own.id, bid.bidder2!.key)).status).toBe(400);
    // bidder1's key sent by bidder2 for bidder1's bid: not bidder2's bid.
    expect((await decrypt('bidder2', own.id, own.key)).status).toBe(404);
    // Not a 32-byte key at all: refused by the contract, not counted.
    expect((await decrypt('bidder1', own.id, 'c2hvcnQ=')).status).toBe(400);
    const [counted] = await t.database.db.select().from(bids).where(eq(bids.id, own.id));
    expect(counted).toMatchObject({ decryptFailures: 2, decryptedAt: null });
    expect((await t.call(bidApi.finishOpening, { id: tenderId }, tok.manager)).status).toBe(409);

    const ok = await decrypt('bidder1', own.id, own.key);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ digestVerified: true, valid: true, invalidReason: null });
    const twice = await decrypt('bidder1', own.id, own.key);
    expect(twice.status).toBe(409);
    expect(twice.body.errorMsg).toMatch(/已解密/);

    // The console shows who, never what.
    const ceremony = await t.call(bidApi.getOpeningCeremony, { tenderId }, tok.manager);
    const line = ceremony.body.data.bids.find((b: { bidId: number }) => b.bidId === own.id);
    expect(line.decryptedAt).toBe(ok.body.data.decryptedAt);
    expect(JSON.stringify(ceremony.body)).not.toMatch(/7654321/);
    // Decrypted is not opened: until the record exists no route answers the price, to the
    // bidder neither (its browser read it with the passphrase).
    const mine = await t.call(bidApi.listMyBids, { pageNum: 1, pageSize: 10 }, tok.bidder1);
    expect(mine.body.data.list[0]).toMatchObject({ totalPrice: null, remark: null });
    expect(mine.body.data.list[0].decryptedAt).toBe(ok.body.data.decryptedAt);
  });

  it('judges what only decryption shows: invalid content, an attachment under another key', async () => {
    expect((await decrypt('bidder2', bid.bidder2!.id, bid.bidder2!.key)).body.data.valid).toBe(
      true,
    );
    const negative = await decrypt('x', bid.negative!.id, bid.negative!.key, extra[0]!.token);
    expect(negative.status).toBe(200);
    expect(negative.body.data.valid).toBe(false);
    expect(negative.body.data.invalidReason).toMatch(/^解密后的报价内容不符合要求：投标总价/);
    const stray = await decrypt('x', bid.strayFile!.id, bid.strayFile!.key, extra[1]!.token);
    expect(stray.body.data).toMatchObject({ valid: false, digestVerified: true });
    expect(stray.body.data.invalidReason).toMatch(/附件/);
    // The altered ciphertext: the right key fails like a wrong one.
    expect((await decrypt('bidder3', bid.bidder3!.id, bid.bidder3!.key)).status).toBe(400);
  });

  it('extends once with a reason; after the window nothing decrypts or extends', async () => {
    const extend = (reason: string) =>
      t.call(bidApi.extendDecryption, { id: tenderId, minutes: 10, reason }, tok.manager);
    const extended = await extend('网络故障');
    expect(extended.status).toBe(200);
    expect(extended.body.data).toMatchObject({ extendedMinutes: 10, extendReason: '网络故障' });
    expect((await extend('再延长')).status).toBe(409);
    expect(
      (await t.call(bidApi.extendDecryption, { id: tenderId, minutes: 10 }, tok.manager)).status,
    ).toBe(400);

    clock.advance(40 * 60);
    const late = await decrypt('bidder3', bid.bidder3!.id, bid.bidder3!.key);
    expect(late.status).toBe(409);
    expect(late.body.errorMsg).toMatch(/解密时间已于/);
    expect((await extend('太晚')).status).toBe(409);
  });

  it('finish-opening makes the record by the server-mode rules; the digests verify', async () => {
    const finished = await t.call(bidApi.finishOpening, { id: tenderId }, tok.manager);
    expect(finished.status).toBe(200);
    const record = finished.body.data;
    expect(record).toMatchObject({ sealMode: 'bidder', validCount: 2, failed: false });
    expect(record.decryption).toMatchObject({ extendedMinutes: 10, extendReason: '网络故障' });
    const entry = (id: number) => record.entries.find((e: { bidId: number }) => e.bidId === id);
    expect(entry(bid.bidder1!.id)).toMatchObject({
      totalPrice: 7654321.09,
      valid: true,
      deliveryDays: 45,
    });
    expect(entry(bid.bidder1!.id).decryptedAt).not.toBeNull();
    expect(entry(bid.bidder3!.id)).toMatchObject({
      valid: false,
      totalPrice: null,
      decryptedAt: null,
      invalidReason: '解密失败（投标人未在解密时间内解密，1 次密钥错误）',
    });
    expect(entry(bid.negative!.id).invalidReason).toMatch(/^解密后的报价内容不符合要求：投标总价/);

    // The receipt digest over the envelope as documented (docs/sealed-bids.md).
    const envelope = await t.call(bidApi.getMySealedBid, { bidId: bid.bidder1!.id }, tok.bidder1);
    const { sealed, fileIds, revision, digest } = envelope.body.data;
    const ciphertextSha = createHash('sha256').update(bid.bidder1!.ciphertext!).digest('hex');
    const canonical = JSON.stringify({
      alg: sealed.alg,
      ciphertext: sealed.ciphertext,
      fileIds,
      fileSha256: [ciphertextSha],
      iterations: sealed.iterations,
      iv: sealed.iv,
      nonce: entry(bid.bidder1!.id).nonce,
      revision,
      salt: sealed.salt,
      supplierId: sup.bidder1,
      tenderId,
      wrapIv: sealed.wrapIv,
      wrappedKey: sealed.wrappedKey,
    });
    expect(createHash('sha256').update(canonical).digest('hex')).toBe(digest);
    expect(entry(bid.bidder1!.id).digest).toBe(digest);
    // The browser's 验证回执 builds it with the shared function from what the route answers.
    expect(
      envelopeCanonical({
        tenderId,
        supplierId: sup.bidder1!,
        revision,
        fileIds,
        nonce: entry(bid.bidder1!.id).nonce,
        envelope: sealed,
        fileSha256: envelope.body.data.fileSha256,
      }),
    ).toBe(canonical);
    // Opened: the bidder sees its bid as opened.
    const mine = await t.call(bidApi.listMyBids, { pageNum: 1, pageSize: 10 }, tok.bidder1);
    const own = mine.body.data.list.find((b: { bidId: number }) => b.bidId === bid.bidder1!.id);
    expect(own).toMatchObject({ totalPrice: 7654321.09, fileIds: [bid.bidder1!.fileId] });

    // The attachment is the plaintext now, for the manager as for any opened bid.
    const file = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}${fileApi.download.path}?id=${bid.bidder1!.fileId}`,
      headers: { authorization: tok.manager! },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bid.bidder1!.file!)).toBe(true);
    expect(file.headers['content-type']).toMatch(/application\/pdf/);
    const comparison = await t.call(bidApi.listBidsByTender, { tenderId }, tok.manager);
    const compared = comparison.body.data.bids.find(
      (b: { bidId: number }) => b.bidId === bid.bidder1!.id,
    );
    expect(compared.files[0].sha256).toBe(
      createHash('sha256').update(bid.bidder1!.file!).digest('hex'),
    );

    const again = await t.call(bidApi.finishOpening, { id: tenderId }, tok.manager);
    expect(again.body.data.openedAt).toBe(record.openedAt);
    expect((await decrypt('bidder3', bid.bidder3!.id, bid.bidder3!.key)).status).toBe(409);
  });
});

describe('confirming the opening record', () => {
  it('each participant confirms or objects once; the manager answers once', async () => {
    const confirm = (token: string, body: object) =>
      t.call(bidApi.confirmOpeningRecord, { tenderId, ...body }, token);
    const agreed = await confirm(tok.bidder1!, { agree: true });
    expect(agreed.status).toBe(200);
    expect(agreed.body.data).toMatchObject({
      supplierId: sup.bidder1,
      agree: true,
      objection: null,
    });
    expect((await confirm(tok.bidder1!, { agree: false, objection: '改主意' })).status).toBe(409);
    const noText = await confirm(tok.bidder3!, { agree: false });
    expect(noText.status).toBe(400);
    expect(noText.body.data.fields[0].field).toBe('objection');
    const objected = await confirm(tok.bidder3!, { agree: false, objection: '我方已按时解密' });
    expect(objected.status).toBe(200);
    // A company without a bid on it, and a manager, are no participants.
    const outsider = await manyBidders(t, 1, 'outs');
    expect((await confirm(outsider[0]!.token, { agree: true })).status).toBe(404);
    expect((await confirm(tok.manager!, { agree: true })).status).toBe(403);

    const answer = (supplierId: number) =>
      t.call(
        bidApi.answerOpeningObjection,
        { tenderId, supplierId, answer: '经核查，贵方未在解密时间内成功解密' },
        tok.manager,
      );
    expect((await answer(sup.bidder1!)).status).toBe(409);
    expect((await answer(sup.bidder2!)).status).toBe(404);
    const answered = await answer(sup.bidder3!);
    expect(answered.status).toBe(200);
    expect((await answer(sup.bidder3!)).status).toBe(409);
    expect(
      (
        await t.call(
          bidApi.answerOpeningObjection,
          { tenderId, supplierId: sup.bidder3, answer: 'x' },
          tok.bidder1,
        )
      ).status,
    ).toBe(403);

    const record = await t.call(bidApi.getOpeningRecord, { tenderId }, tok.bidder2);
    expect(record.body.data.confirmations).toEqual([
      expect.objectContaining({ supplierId: sup.bidder1, agree: true }),
      expect.objectContaining({
        supplierId: sup.bidder3,
        agree: false,
        objection: '我方已按时解密',
        answer: '经核查，贵方未在解密时间内成功解密',
      }),
    ]);
    // The same in `server` mode.
    const opened = await t.call(bidApi.openBids, { id: serverTender }, tok.manager);
    expect(opened.body.data.confirmations).toEqual([]);
    const serverConfirm = await t.call(
      bidApi.confirmOpeningRecord,
      { tenderId: serverTender, agree: true },
      tok.bidder1,
    );
    expect(serverConfirm.status).toBe(200);
    const serverRecord = await t.call(
      bidApi.getOpeningRecord,
      { tenderId: serverTender },
      tok.bidder1,
    );
    expect(serverRecord.body.data).toMatchObject({
      sealMode: 'server',
      decryption: null,
      confirmations: [expect.objectContaining({ supplierId: sup.bidder1, agree: true })],
    });

    clock.advance(31 * 60);
    const late = await confirm(tok.bidder2!, { agree: true });
    expect(late.status).toBe(409);
    expect(late.body.errorMsg).toMatch(/确认时间已于/);
  });
});

function flipBase64(text: string) {
  const bytes = Buffer.from(text, 'base64');
  bytes[0] = bytes[0]! ^ 0x01;
  return bytes.toString('base64');
}
