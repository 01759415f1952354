import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { API_BASE, fileApi } from '@tender/contracts';
import {
  lots,
  participationLots,
  participations,
  roles,
  suppliers,
  tenderInvitations,
  tenders,
  users,
} from '../../src/db/schema/index.js';
import type { TestApp } from './app.js';

type TenderInsert = typeof tenders.$inferInsert;

/** A lot as a test names it: its name, and a budget and minimum when they matter. */
export interface TestLot {
  name: string;
  budget?: string;
  minBids?: number;
}

/**
 * A tender written straight into the table (the tender routes have their own tests): published,
 * `server` mode, open method, deadline an hour after `now`, opening at the deadline; with one
 * lot from its own fields, as 0013 made of every tender, or the lots given (numbered 1…n).
 */
export async function createTender(
  t: TestApp,
  now: Date,
  overrides: Partial<TenderInsert> = {},
  lotSpecs?: TestLot[],
): Promise<number> {
  const deadline = new Date(now.getTime() + 3600_000);
  const [row] = await t.database.db
    .insert(tenders)
    .values({
      tenderNo: `T-${randomBytes(5).toString('hex')}`,
      title: '储能电站 PCS 采购',
      category: 'energy_storage',
      procurementMethod: 'open',
      budget: '1000000.00',
      bidDeadline: deadline,
      openingAt: deadline,
      minBids: 2,
      status: 'published',
      publishedAt: new Date(now.getTime() - 86400_000),
      createdBy: 1,
      ...overrides,
    })
    .returning({
      id: tenders.id,
      title: tenders.title,
      budget: tenders.budget,
      priceCeiling: tenders.priceCeiling,
      minBids: tenders.minBids,
    });
  const tender = row!;
  const specs = lotSpecs ?? [
    { name: tender.title, budget: tender.budget, minBids: tender.minBids },
  ];
  await t.database.db.insert(lots).values(
    specs.map((lot, index) => ({
      tenderId: tender.id,
      lotNo: index + 1,
      name: lot.name,
      budget: lot.budget ?? '100000.00',
      priceCeiling: lotSpecs ? null : tender.priceCeiling,
      minBids: lot.minBids ?? tender.minBids,
    })),
  );
  return tender.id;
}

/** A tender's lot ids in lotNo order. */
export async function lotIdsOf(t: TestApp, tenderId: number): Promise<number[]> {
  const rows = await t.database.db
    .select({ id: lots.id })
    .from(lots)
    .where(eq(lots.tenderId, tenderId))
    .orderBy(asc(lots.lotNo));
  return rows.map((r) => r.id);
}

export async function supplierIdOf(t: TestApp, username: string): Promise<number> {
  const [row] = await t.database.db
    .select({ supplierId: users.supplierId })
    .from(users)
    .where(eq(users.username, username));
  return row!.supplierId!;
}

/** Signs the suppliers up for the tender: for every lot, or for the lots given. */
export async function signUp(
  t: TestApp,
  tenderId: number,
  supplierIds: number[],
  lotIds?: number[],
) {
  await t.database.db
    .insert(participations)
    .values(supplierIds.map((supplierId) => ({ tenderId, supplierId })));
  const chosen = lotIds ?? (await lotIdsOf(t, tenderId));
  await t.database.db
    .insert(participationLots)
    .values(
      supplierIds.flatMap((supplierId) => chosen.map((lotId) => ({ tenderId, supplierId, lotId }))),
    );
}

export async function invite(t: TestApp, tenderId: number, supplierIds: number[]) {
  await t.database.db
    .insert(tenderInvitations)
    .values(supplierIds.map((supplierId) => ({ tenderId, supplierId })));
}

/**
 * Many approved suppliers with one bidder each, created by SQL, with tokens issued directly
 * (no password hashing): for the concurrency tests.
 */
export async function manyBidders(t: TestApp, count: number, prefix: string) {
  const db = t.database.db;
  const [bidderRole] = await db.select().from(roles).where(eq(roles.roleName, 'bidder'));
  const created = await db
    .insert(suppliers)
    .values(
      Array.from({ length: count }, (_, i) => ({
        companyName: `${prefix} 公司 ${i}`,
        creditCode: `${prefix}${String(i).padStart(6, '0')}`.slice(0, 18).padEnd(18, 'X'),
        legalRepresentative: '张三',
        contactName: '李四',
        phone: '13800000000',
        email: `${prefix}${i}@example.cn`,
        status: 'approved' as const,
      })),
    )
    .returning({ id: suppliers.id });
  const userRows = await db
    .insert(users)
    .values(
      created.map((s, i) => ({
        username: `${prefix}_${i}`,
        passwordHash: 'x',
        realName: `投标人 ${i}`,
        roleId: bidderRole!.id,
        supplierId: s.id,
      })),
    )
    .returning({ id: users.id, supplierId: users.supplierId });
  return Promise.all(
    userRows.map(async (u) => ({
      supplierId: u.supplierId!,
      token: await t.app.deps.tokens.issue({ roleId: bidderRole!.id, userId: u.id, tv: 0 }),
    })),
  );
}

/** One multipart upload (`purpose=bid` sealed, `purpose=sealed-bid` already encrypted). */
export async function uploadFile(
  t: TestApp,
  token: string,
  name: string,
  data: Buffer,
  purpose?: 'bid' | 'sealed-bid',
) {
  const boundary = `----up${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.raw({
    method: 'POST',
    url: `${API_BASE}${fileApi.upload.path}${purpose ? `?purpose=${purpose}` : ''}`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
  });
}

/** A real-looking PDF with a recognisable text inside. */
export const pdfWith = (marker: string, size = 40 * 1024) => {
  const head = Buffer.from(`%PDF-1.4\n1 0 obj\n<< /Marker (${marker}) >>\nendobj\n`, 'latin1');
  const tail = Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');
  return Buffer.concat([head, Buffer.alloc(size - head.length - tail.length, 0x20), tail]);
};

/**
 * Bidder-mode envelopes as a browser makes them (the seed's Web Crypto helper, API.md format):
 * one passphrase and salt per test file, so PBKDF2 at the enforced 600,000 iterations runs once.
 */
export {
  contentKeyText,
  encryptFile,
  sealQuotation,
  unwrapContentKey,
} from '../../src/seed/bidder-envelope.js';
