import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { API_BASE, fileApi } from '@tender/contracts';
import { suppliers } from '../../src/db/schema/index.js';
import type { TestApp } from './app.js';

export const DAY = 24 * 3600;

/** A small valid PDF. */
export const pdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );

export async function upload(t: TestApp, token: string, fileName: string, data = pdf()) {
  const boundary = `----tender${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        `Content-Type: application/pdf\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const reply = await t.raw({
    method: 'POST',
    url: `${API_BASE}${fileApi.upload.path}`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
  });
  if (reply.body.code !== 0) throw new Error(`upload failed: ${reply.body.errorMsg}`);
  return reply.body.data.id as number;
}

export const download = (t: TestApp, id: number, token?: string) =>
  t.app.inject({
    method: 'GET',
    url: `${API_BASE}${fileApi.download.path}`,
    query: { id: String(id) },
    headers: token ? { authorization: token } : {},
  });

export async function supplierIdOf(t: TestApp, companyName: string) {
  const [row] = await t.database.db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(eq(suppliers.companyName, companyName));
  return row!.id;
}

export const COMPANY = {
  bidder1: '华能电气设备有限公司',
  bidder2: '江南电缆集团股份有限公司',
  bidder3: '南方智能电网科技有限公司',
  bidder4: '西部新能源装备有限公司',
};

/** A valid open, non-mandatory tender whose deadline is `days` from `now`. */
export const draftInput = (now: Date, overrides: Record<string, unknown> = {}, days = 25) => ({
  title: '110kV 主变压器采购',
  category: 'transformer',
  budget: 1_200_000,
  region: 'east',
  description: '<p>采购 <strong>110kV</strong> 变压器 2 台</p>',
  contact: '张工',
  contactPhone: '13911112222',
  bidDeadline: new Date(now.getTime() + days * DAY * 1000).toISOString(),
  ...overrides,
});
