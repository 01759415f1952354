import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import Nzh from 'nzh';
import type { OpeningEntry, OpeningRecord } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { bids, openingRecords, suppliers, tenders } from '../../db/schema/index.js';
import { recordAudit, type Actor } from '../../lib/audit.js';
import { Conflict } from '../../lib/errors.js';
import { holdsPower, type AuthUser } from '../../plugins/auth.js';
import {
  formatTime,
  lockTender,
  masterKeyOf,
  tenderNotFound,
  unsealContent,
  type SealedContent,
} from './common.js';
import { revealFileFacts } from './files.js';
import { notifyBidsOpened } from '../notifications/hooks.js';

/** 大写 of an amount in yuan: 壹万贰仟叁佰肆拾伍元陆角, 捌拾柒万元整 (整 when no 角 or 分). */
export function inWords(amount: number): string {
  const words = Nzh.cn.toMoney(amount.toFixed(2), { outSymbol: false }) as string;
  return words.endsWith('元') ? `${words}整` : words;
}

export const INVALID_UNCONFIRMED = '澄清/修改后未重新确认';
export const INVALID_ABOVE_CEILING = '超过最高投标限价';
export const INVALID_UNSEALABLE = '密封内容无法解密或已被篡改';

type TenderRow = typeof tenders.$inferSelect;
type StoredRecord = typeof openingRecords.$inferSelect;

const recordOf = (tender: TenderRow, stored: StoredRecord): OpeningRecord => ({
  tenderId: tender.id,
  tenderNo: tender.tenderNo,
  title: tender.title,
  openedAt: stored.openedAt.toISOString(),
  openedByName: stored.openedByName,
  entries: stored.entries as OpeningEntry[],
  validCount: stored.validCount,
  minBids: tender.minBids,
  failed: stored.failed,
});

async function storedRecord(tx: Tx, tenderId: number) {
  const [stored] = await tx
    .select()
    .from(openingRecords)
    .where(eq(openingRecords.tenderId, tenderId));
  return stored;
}

/**
 * 开标 (`server` mode): at or after openingAt, unseals every live bid at once, judges it, fills
 * its plain columns and writes the immutable opening record. Under the tender row's lock: a
 * second call, also a simultaneous one, answers the record the first made and changes nothing.
 */
export async function openBids(
  deps: AppDeps,
  tenderId: number,
  user: AuthUser,
  actor: Actor,
): Promise<OpeningRecord> {
  const key = masterKeyOf(deps);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const tender = await lockTender(tx, tenderId, 'update');
    if (!tender) throw tenderNotFound(tenderId);
    const existing = await storedRecord(tx, tenderId);
    if (existing) return recordOf(tender, existing);

    if (tender.status === 'draft') throw new Conflict('招标尚未发布，不能开标');
    if (tender.status === 'cancelled') throw new Conflict('招标已终止，不能开标');
    if (tender.status !== 'published') throw new Conflict('该招标当前状态不能开标');
    if (tender.sealMode === 'bidder')
      throw new Conflict('本项目为投标人加密模式，开标需投标人解密（尚未支持）');
    if (now.getTime() < tender.openingAt.getTime())
      throw new Conflict(`未到开标时间，${formatTime(tender.openingAt)} 之后才能开标`);

    const live = await tx
      .select({ bid: bids, supplierName: suppliers.companyName })
      .from(bids)
      .innerJoin(suppliers, eq(suppliers.id, bids.supplierId))
      .where(and(eq(bids.tenderId, tenderId), ne(bids.status, 'withdrawn')))
      .orderBy(asc(bids.submittedAt), asc(bids.id))
      .for('update', { of: bids });

    const ceiling = tender.priceCeiling === null ? null : Number(tender.priceCeiling);
    const entries: OpeningEntry[] = [];
    for (const { bid, supplierName } of live) {
      let content: SealedContent | null = null;
      try {
        if (bid.sealed)
          content = unsealContent(key, bid.sealed, tenderId, bid.supplierId, bid.revision);
      } catch {
        content = null;
      }
      const price = content ? Number(content.totalPrice) : null;
      const invalidReason = !content
        ? INVALID_UNSEALABLE
        : bid.needsReconfirm
          ? INVALID_UNCONFIRMED
          : ceiling !== null && price! > ceiling
            ? INVALID_ABOVE_CEILING
            : null;
      const valid = invalidReason === null;
      await tx
        .update(bids)
        .set({
          status: valid ? 'opened' : 'invalid',
          invalidReason,
          totalPrice: content?.totalPrice ?? null,
          currency: content?.currency ?? null,
          deliveryDays: content?.deliveryDays ?? null,
          warrantyMonths: content?.warrantyMonths ?? null,
          remark: content?.remark ?? null,
          fileIds: content?.fileIds ?? null,
          nonce: content?.nonce ?? null,
          openedAt: now,
        })
        .where(eq(bids.id, bid.id));
      if (content) await revealFileFacts(tx, content.files);
      entries.push({
        bidId: bid.id,
        supplierId: bid.supplierId,
        supplierName,
        totalPrice: price,
        totalPriceInWords: price === null ? null : inWords(price),
        currency: content?.currency ?? null,
        deliveryDays: content?.deliveryDays ?? null,
        warrantyMonths: content?.warrantyMonths ?? null,
        submittedAt: bid.submittedAt.toISOString(),
        revision: bid.revision,
        digest: bid.digest ?? '',
        nonce: content?.nonce ?? null,
        valid,
        invalidReason,
      });
    }
    const validCount = entries.filter((e) => e.valid).length;
    const failed = validCount < tender.minBids;
    const [stored] = await tx
      .insert(openingRecords)
      .values({
        tenderId,
        openedAt: now,
        openedBy: user.userid,
        openedByName: user.realName || user.username,
        entries,
        validCount,
        failed,
      })
      .returning();
    await tx
      .update(tenders)
      .set({ status: failed ? 'failed' : 'opened', updatedAt: now })
      .where(eq(tenders.id, tenderId));
    await recordAudit(tx, actor, {
      targetType: 'tender',
      targetId: tenderId,
      before: { status: tender.status },
      after: { status: failed ? 'failed' : 'opened', bids: entries.length, validCount },
    });
    await notifyBidsOpened(
      tx,
      tenderId,
      tender.title,
      entries.map((e) => e.supplierId),
      failed,
      now,
    );
    return recordOf({ ...tender, status: failed ? 'failed' : 'opened' }, stored!);
  });
}

/**
 * The opening record, after the opening: to managers, and to a supplier that bid on the
 * tender. Anyone else, and everyone before the opening except managers (409), gets 404.
 */
export async function getOpeningRecord(
  deps: AppDeps,
  tenderId: number,
  user: AuthUser,
): Promise<OpeningRecord> {
  const { db } = deps;
  const [tender] = await db.select().from(tenders).where(eq(tenders.id, tenderId));
  const manager = await holdsPower(db, user, 'menu:tender_list');
  if (!tender || (!manager && tender.status === 'draft')) throw tenderNotFound(tenderId);
  if (!manager) {
    const [own] =
      user.supplierId === null
        ? []
        : await db
            .select({ id: bids.id })
            .from(bids)
            .where(and(eq(bids.tenderId, tenderId), eq(bids.supplierId, user.supplierId)));
    if (!own) throw tenderNotFound(tenderId);
  }
  const stored = await storedRecord(db, tenderId);
  if (!stored) {
    if (manager) throw new Conflict('尚未开标，开标后才有开标记录');
    throw tenderNotFound(tenderId);
  }
  return recordOf(tender, stored);
}

/** How many live bids exist: managers only, and only after the deadline. */
export async function getBidCount(deps: AppDeps, tenderId: number) {
  const { db } = deps;
  const now = deps.clock.now();
  const [tender] = await db.select().from(tenders).where(eq(tenders.id, tenderId));
  if (!tender) throw tenderNotFound(tenderId);
  if (tender.status === 'draft' || now.getTime() < tender.bidDeadline.getTime())
    throw new Conflict(`投标截止（${formatTime(tender.bidDeadline)}）前不能查看投标数量`);
  const [row] = await db
    .select({ count: count() })
    .from(bids)
    .where(and(eq(bids.tenderId, tenderId), inArray(bids.status, LIVE_STATUSES)));
  return { count: row!.count };
}

export const LIVE_STATUSES = ['submitted', 'opened', 'won', 'lost', 'invalid'] as (
  'submitted' | 'opened' | 'won' | 'lost' | 'invalid'
)[];
