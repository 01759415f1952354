import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { formatMoney, type bidApi } from '@tender/contracts';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.js';
import { awards, bids, files, tenders } from '../../db/schema/index.js';
import { Conflict } from '../../lib/errors.js';
import { tenderNotFound } from '../../lib/tender-lock.js';
import { awardBlockOf } from '../announcements/service.js';
import { lotsOfTender, pickLot } from '../tenders/lots.js';
import { openedEntries } from './record-entries.js';
import { sameAccountWarnings } from '../bonds/collusion.js';

type Comparison = z.output<typeof bidApi.listBidsByTender.data>;
type ComparedBid = Comparison['bids'][number];
type Warning = Comparison['warnings'][number];

const percent = (value: number, base: number) =>
  base > 0 ? Math.round(((value - base) / base) * 10000) / 100 : null;

/** Groups of bids from different suppliers sharing a value: one warning per group. */
function sameValueWarnings(
  list: ComparedBid[],
  valuesOf: (bid: ComparedBid) => (string | null)[],
  kind: Warning['kind'],
  describe: (value: string, names: string) => string,
): Warning[] {
  const groups = new Map<string, ComparedBid[]>();
  for (const bid of list)
    for (const value of new Set(valuesOf(bid))) {
      if (!value) continue;
      groups.set(value, [...(groups.get(value) ?? []), bid]);
    }
  const warnings: Warning[] = [];
  for (const [value, group] of groups) {
    if (new Set(group.map((b) => b.supplierId)).size < 2) continue;
    const names = group.map((b) => b.supplierName).join('、');
    warnings.push({ kind, message: describe(value, names), bidIds: group.map((b) => b.bidId) });
  }
  return warnings;
}

export function collusionWarnings(list: ComparedBid[]): Warning[] {
  return [
    ...sameValueWarnings(
      list,
      (b) => [b.ip],
      'same-ip',
      (ip, names) => `${names} 从同一 IP 地址（${ip}）提交投标`,
    ),
    ...sameValueWarnings(
      list,
      (b) => [b.userAgent],
      'same-browser',
      (_ua, names) => `${names} 使用相同的浏览器标识提交投标`,
    ),
    ...sameValueWarnings(
      list,
      (b) => b.files.map((f) => f.sha256),
      'same-file',
      (sha, names) => `${names} 的投标附件中有内容完全相同的文件（SHA-256 ${sha.slice(0, 12)}…）`,
    ),
    ...sameValueWarnings(
      list,
      (b) => [b.totalPrice === null ? null : formatMoney(b.totalPrice, b.currency ?? 'CNY')],
      'same-price',
      (price, names) => `${names} 的投标报价完全相同（${price}）`,
    ),
  ];
}

/**
 * 投标比较 of one lot, after the opening only (409 before): each opened bid of the lot with its
 * deviation from the lot's budget and from the lot's lowest valid price, its rank among the
 * lot's valid bids, collusion warnings within the lot, the lot's award.
 */
export async function listBidsByTender(
  deps: AppDeps,
  tenderId: number,
  lotId?: number,
): Promise<Comparison> {
  const { db } = deps;
  const [tender] = await db.select().from(tenders).where(eq(tenders.id, tenderId));
  if (!tender) throw tenderNotFound(tenderId);
  const lot = pickLot(await lotsOfTender(db, tenderId), lotId);
  const entries = await openedEntries(db, tenderId, lot.id);
  if (!entries) throw new Conflict('尚未开标，开标后才能查看和比较投标');

  const rows = await db
    .select()
    .from(bids)
    .where(and(eq(bids.lotId, lot.id), ne(bids.status, 'withdrawn')))
    .orderBy(asc(bids.id));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const fileRows = await db
    .select({ id: files.id, name: files.name, sha256: files.sha256, ownerId: files.ownerId })
    .from(files)
    .where(and(eq(files.ownerType, 'bid'), inArray(files.ownerId, rows.map((r) => r.id).concat(0))))
    .orderBy(asc(files.id));

  const budget = Number(lot.budget);
  const validPrices = entries
    .filter((e) => e.valid && e.totalPrice !== null)
    .map((e) => e.totalPrice!);
  const lowest = validPrices.length ? Math.min(...validPrices) : null;

  const list: ComparedBid[] = entries.map((entry) => {
    const bid = byId.get(entry.bidId);
    const price = entry.totalPrice;
    return {
      ...entry,
      status: bid?.status ?? (entry.valid ? 'opened' : 'invalid'),
      ip: bid?.ip ?? null,
      userAgent: bid?.userAgent ?? null,
      files: fileRows
        .filter((f) => f.ownerId === entry.bidId)
        .map((f) => ({ id: f.id, name: f.name, sha256: f.sha256 })),
      deviationFromBudget: price === null ? null : percent(price, budget),
      deviationFromLowest: price === null || lowest === null ? null : percent(price, lowest),
      rank: entry.valid && price !== null ? validPrices.filter((p) => p < price).length + 1 : null,
    };
  });

  const [award] = await db.select().from(awards).where(eq(awards.lotId, lot.id));
  // The screen disables 定标 in advance with the reason the award itself would give.
  const block =
    tender.status === 'opened' && lot.status === 'active'
      ? await awardBlockOf(db, tender, lot.id, deps.clock.now())
      : null;
  return {
    lotId: lot.id,
    bids: list,
    warnings: collusionWarnings(list),
    budget,
    award: award
      ? { bidId: award.bidId, reason: award.reason, awardedAt: award.awardedAt.toISOString() }
      : null,
    awardBlockedReason: block?.reason ?? null,
    awardableFrom: block?.until ? block.until.toISOString() : null,
    sameAccountWarnings: await sameAccountWarnings(db, lot.id),
  };
}
