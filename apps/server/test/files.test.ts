import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { connect } from 'node:net';
import ExcelJS from 'exceljs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, fileApi, supplierApi } from '@tender/contracts';
import { files } from '../src/db/schema/index.js';
import { TestClock, startTestApp, type TestApp } from './support/app.js';
import { uploadFile } from './support/bids.js';

/** A small but real-looking PDF of about `size` bytes. */
const pdf = (size = 2000) => {
  const head = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1');
  const tail = Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
  const body = Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20);
  return Buffer.concat([head, body, tail]);
};
/** A real 1×1 PNG. */
const png = () =>
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
const exe = () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), randomBytes(400)]);
const cfb = () =>
  Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), randomBytes(504)]);
async function xlsx() {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet('报价').addRow(['设备', '数量']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** multipart/form-data with one file part, as a browser's FormData sends it. */
function form(fileName: string, data: Buffer, field = 'file') {
  const boundary = `----tender${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(t: TestApp, token: string, fileName: string, data: Buffer, field = 'file') {
  const { payload, headers } = form(fileName, data, field);
  return t.raw({
    method: 'POST',
    url: `${API_BASE}${fileApi.upload.path}`,
    payload,
    headers: { ...headers, authorization: token },
  });
}

async function download(t: TestApp, token: string, id: number) {
  return t.app.inject({
    method: 'GET',
    url: `${API_BASE}${fileApi.download.path}`,
    query: { id: String(id) },
    headers: { authorization: token },
  });
}

const fileCount = async (t: TestApp) =>
  (await t.database.db.select({ n: count() }).from(files))[0]!.n;

describe('file upload and download', () => {
  let t: TestApp;
  const clock = new TestClock();
  let manager: string;
  let bidder1: string;
  let bidder2: string;

  beforeAll(async () => {
    t = await startTestApp({ clock });
    [manager, bidder1, bidder2] = await Promise.all([
      t.login('manager'),
      t.login('bidder1'),
      t.login('bidder2'),
    ]);
  });
  afterAll(() => t.close());

  it('round-trips the bytes and keeps a Chinese name intact', async () => {
    const data = pdf(700 * 1024); // several chunks
    const name = '资格证明 (2026)’s 文件.pdf';
    const uploaded = await upload(t, bidder1, name, data);
    expect(uploaded.status).toBe(200);
    const sha256 = createHash('sha256').update(data).digest('hex');
    expect(uploaded.body.data).toMatchObject({
      name,
      size: data.length,
      sha256,
      contentType: 'application/pdf',
    });

    const reply = await download(t, bidder1, uploaded.body.data.id);
    expect(reply.statusCode).toBe(200);
    expect(createHash('sha256').update(reply.rawPayload).digest('hex')).toBe(sha256);
    expect(reply.rawPayload.equals(data)).toBe(true);
    expect(reply.headers['content-type']).toBe('application/pdf');
    expect(Number(reply.headers['content-length'])).toBe(data.length);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['cache-control']).toBe('private, no-store');
    const disposition = String(reply.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)![1]!;
    expect(decodeURIComponent(encoded)).toBe(name);
  });

  it('accepts each allowed kind by its content and stores the detected type', async () => {
    const sheet = await upload(t, bidder1, '报价单.xlsx', await xlsx());
    expect(sheet.body.data.contentType).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const image = await upload(t, bidder1, '营业执照.PNG', png());
    expect(image.body.data.contentType).toBe('image/png');
    const doc = await upload(t, bidder1, '旧版说明.doc', cfb());
    expect(doc.body.data.contentType).toBe('application/msword');
  });

  it('refuses an empty file', async () => {
    const before = await fileCount(t);
    const reply = await upload(t, bidder1, 'empty.pdf', Buffer.alloc(0));
    expect(reply.status).toBe(400);
    expect(reply.body.errorMsg).toContain('0 字节');
    expect(await fileCount(t)).toBe(before);
  });

  it('refuses a forged extension: PNG bytes or a program named .pdf, an xlsx named .docx', async () => {
    const before = await fileCount(t);
    const image = await upload(t, bidder1, 'contract.pdf', png());
    expect(image.status).toBe(400);
    expect(image.body.errorMsg).toBe(
      '文件内容与扩展名 .pdf 不符（实际为 png），请上传真实的 pdf 文件',
    );
    expect(image.body.data.fields[0].field).toBe('file');
    const program = await upload(t, bidder1, 'invoice.pdf', exe());
    expect(program.status).toBe(400);
    expect(program.body.errorMsg).toContain('文件内容与扩展名 .pdf 不符');
    const sheet = await upload(t, bidder1, 'letter.docx', await xlsx());
    expect(sheet.status).toBe(400);
    const text = await upload(t, bidder1, 'notes.pdf', Buffer.from('just some text'));
    expect(text.status).toBe(400);
    const exeName = await upload(t, bidder1, 'setup.exe', exe());
    expect(exeName.status).toBe(400);
    expect(exeName.body.errorMsg).toMatch(/^只能上传以下类型的文件：pdf、doc/);
    expect(exeName.body.data.fields[0].field).toBe('file');
    expect(await fileCount(t)).toBe(before);
  });

  it('refuses bad names: too long, with a path, with NUL, empty', async () => {
    const long = await upload(t, bidder1, `${'长'.repeat(296)}.pdf`, pdf());
    expect(long.status).toBe(400);
    expect(long.body.errorMsg).toBe('文件名最多 200 个字符');
    expect(long.body.data.fields[0].field).toBe('file');
    const dotted = await upload(t, bidder1, '../../etc/passwd.pdf', pdf());
    expect(dotted.status).toBe(400);
    expect(dotted.body.errorMsg).toContain('路径分隔符');
    const windows = await upload(t, bidder1, 'C:\\temp\\a.pdf', pdf());
    expect(windows.status).toBe(400);
    const nul = await upload(t, bidder1, 'a\u0000.pdf', pdf());
    expect(nul.status).toBe(400);
    expect(nul.body.errorMsg).toContain('控制字符');
    const empty = await upload(t, bidder1, '', pdf());
    expect(empty.status).toBe(400);
    const noField = await upload(t, bidder1, 'a.pdf', pdf(), 'attachment');
    expect(noField.status).toBe(400);
    expect(noField.body.errorMsg).toContain('multipart 字段 file');
  });

  it('needs a login to upload and refuses a JSON body', async () => {
    const anonymous = await upload(t, '', 'a.pdf', pdf());
    expect(anonymous.status).toBe(401);
    const json = await t.raw({
      method: 'POST',
      url: `${API_BASE}${fileApi.upload.path}`,
      payload: { file: 'x' },
      headers: { authorization: bidder1 },
    });
    expect(json.status).toBe(400);
  });

  it('lets only the uploader read an unattached upload, and only for a day', async () => {
    const uploaded = await upload(t, bidder1, '草稿.pdf', pdf());
    const id = uploaded.body.data.id;
    expect((await download(t, bidder1, id)).statusCode).toBe(200);
    expect((await download(t, bidder2, id)).statusCode).toBe(404);
    expect((await download(t, manager, id)).statusCode).toBe(404);
    expect((await download(t, bidder1, 999_999)).statusCode).toBe(404);

    clock.advance(24 * 3600 + 1);
    const expired = await download(t, bidder1, id);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().errorMsg).toContain('不存在或已过期');
    // Attaching it is refused too, and the next upload removes it for good.
    const attach = await t.call(
      supplierApi.updateMySupplier,
      { qualificationFileIds: [id] },
      bidder1,
    );
    expect(attach.status).toBe(404);
    await upload(t, bidder2, 'trigger.pdf', pdf());
    const [row] = await t.database.db.select().from(files).where(eq(files.id, id));
    expect(row).toBeUndefined();
  });

  it('lets managers and the own company read a qualification file, not another bidder', async () => {
    const uploaded = await upload(t, bidder1, '营业执照.pdf', pdf());
    const id = uploaded.body.data.id;
    const attached = await t.call(
      supplierApi.updateMySupplier,
      { qualificationFileIds: [id] },
      bidder1,
    );
    expect(attached.body.code).toBe(0);
    expect(attached.body.data.qualificationFiles.map((f: { id: number }) => f.id)).toEqual([id]);

    expect((await download(t, manager, id)).statusCode).toBe(200);
    expect((await download(t, bidder1, id)).statusCode).toBe(200);
    const other = await download(t, bidder2, id);
    expect(other.statusCode).toBe(404);
    // Still readable after the day unattached uploads have.
    clock.advance(2 * 24 * 3600);
    expect((await download(t, manager, id)).statusCode).toBe(200);

    // Another bidder cannot take the file over for its own company.
    const stolen = await t.call(
      supplierApi.updateMySupplier,
      { qualificationFileIds: [id] },
      bidder2,
    );
    expect(stolen.status).toBe(404);

    // Leaving it out of the list removes it.
    const cleared = await t.call(
      supplierApi.updateMySupplier,
      { qualificationFileIds: [] },
      bidder1,
    );
    expect(cleared.body.data.qualificationFiles).toEqual([]);
    expect((await download(t, manager, id)).statusCode).toBe(404);
  });
});

describe('upload size limit', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp({ config: { maxUploadMb: 1 } });
    token = await t.login('bidder1');
  });
  afterAll(() => t.close());

  it('refuses a file over MAX_UPLOAD_MB and saves nothing; exactly the limit passes', async () => {
    const before = await fileCount(t);
    const reply = await upload(t, token, 'big.pdf', pdf(1024 * 1024 + 1));
    expect(reply.status).toBe(400);
    expect(reply.body.errorMsg).toBe('文件大小不能超过 1 MB');
    expect(reply.body.data.fields[0].field).toBe('file');
    expect(await fileCount(t)).toBe(before);
    const exact = await upload(t, token, 'exact.pdf', pdf(1024 * 1024));
    expect(exact.status).toBe(200);
    expect(exact.body.data.size).toBe(1024 * 1024);
  });

  it('a connection closed mid-upload leaves no file and the server serving', async () => {
    const before = await fileCount(t);
    const address = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    const boundary = '----midupload';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.pdf"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    // Announces 900 KB of encrypted attachment, sends a third of it, and goes away.
    const announced = head.length + 900 * 1024 + `\r\n--${boundary}--\r\n`.length;
    const socket = connect(Number(address.port), address.hostname);
    await once(socket, 'connect');
    socket.write(
      `POST ${API_BASE}${fileApi.upload.path}?purpose=sealed-bid HTTP/1.1\r\n` +
        `Host: ${address.host}\r\nAuthorization: ${token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
        `Content-Length: ${announced}\r\n\r\n`,
    );
    socket.write(Buffer.concat([head, randomBytes(300 * 1024)]));
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    await once(socket, 'close');
    // The server answers the next upload, and the half one was never stored.
    const next = await uploadFile(t, token, 'next.pdf', randomBytes(1024), 'sealed-bid');
    expect(next.body.code).toBe(0);
    expect(await fileCount(t)).toBe(before + 1);
    const [half] = await t.database.db.select().from(files).where(eq(files.name, 'half.pdf'));
    expect(half).toBeUndefined();
  });

  it('a bidder-encrypted attachment may exceed it by the IV and tag only', async () => {
    const overhead = 12 + 16;
    const sealed = await uploadFile(
      t,
      token,
      'exact.pdf',
      randomBytes(1024 * 1024 + overhead),
      'sealed-bid',
    );
    expect(sealed.body.code).toBe(0);
    const over = await uploadFile(
      t,
      token,
      'over.pdf',
      randomBytes(1024 * 1024 + overhead + 1),
      'sealed-bid',
    );
    expect(over.body.errorMsg).toBe('文件大小不能超过 1 MB');
    expect(over.body.data.fields[0].field).toBe('file');
  });
});
