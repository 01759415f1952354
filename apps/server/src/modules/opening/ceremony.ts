import { and, asc, eq, ne } from 'drizzle-orm';
import { formatDateTime, type OpeningCeremony } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { bids, suppliers, tenders } from '../../db/schema/index.js';
import { recordAudit, type Actor } from '../../lib/audit.js';
import { Conflict } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { lockTender, tenderNotFound } from '../../lib/tender-lock.js';
import { notifyDecryptionWindow } from '../notifications/hooks.js';

/**
 * 不见面开标 (`bidder` mode): open-bids starts a decryption window of the tender's minutes;
 * each bidder decrypts its own bid (decrypt.ts); the manager may extend the window once, and
 * finishes the opening (opening.ts) when every bid is decrypted or the window has ended. The
 * window is judged on the clock at each request: nothing runs when it ends, the tender simply
 * stays `opening` until the manager finishes.
 */
type TenderRow = typeof tenders.$inferSelect;

const liveBids = (tx: Tx, tenderId: number) =>
  tx
    .select({
      bidId: bids.id,
      lotId: bids.lotId,
      supplierId: bids.supplierId,
      supplierName: suppliers.companyName,
      decryptedAt: bids.decryptedAt,
    })
    .from(bids)
    .innerJoin(suppliers, eq(suppliers.id, bids.supplierId))
    .where(and(eq(bids.tenderId, tenderId), ne(bids.status, 'withdrawn')))
    .orderBy(asc(bids.lotId), asc(bids.submittedAt), asc(bids.id));

export const windowEnded = (tender: TenderRow, now: Date) =>
  tender.decryptUntil !== null && now.getTime() >= tender.decryptUntil.getTime();

/** Who has decrypted, never what (no price is read here). */
export async function ceremonyOf(tx: Tx, tender: TenderRow, now: Date): Promise<OpeningCeremony> {
  const list = await liveBids(tx, tender.id);
  const allDecrypted = list.every((b) => b.decryptedAt !== null);
  return {
    tenderId: tender.id,
    startedAt: tender.decryptStartedAt!.toISOString(),
    decryptUntil: tender.decryptUntil!.toISOString(),
    extendedMinutes: tender.decryptExtendedMinutes,
    extendReason: tender.decryptExtendReason,
    bids: list.map((b) => ({ ...b, decryptedAt: b.decryptedAt?.toISOString() ?? null })),
    canFinish: tender.status === 'opening' && (allDecrypted || windowEnded(tender, now)),
  };
}

/** Inside open-bids, with the tender's row locked and its state checked. */
export async function startCeremony(
  tx: Tx,
  tender: TenderRow,
  user: AuthUser,
  actor: Actor,
  now: Date,
): Promise<OpeningCeremony> {
  const until = new Date(now.getTime() + tender.decryptionMinutes * 60_000);
  const [started] = await tx
    .update(tenders)
    .set({
      status: 'opening',
      decryptStartedAt: now,
      decryptStartedBy: user.userid,
      decryptUntil: until,
      updatedAt: now,
    })
    .where(eq(tenders.id, tender.id))
    .returning();
  await recordAudit(tx, actor, {
    targetType: 'tender',
    targetId: tender.id,
    before: { status: tender.status },
    after: { status: 'opening', decryptUntil: until.toISOString() },
  });
  const list = await liveBids(tx, tender.id);
  await notifyDecryptionWindow(
    tx,
    tender.id,
    tender.title,
    [...new Set(list.map((b) => b.supplierId))],
    until,
    false,
    now,
  );
  return ceremonyOf(tx, started!, now);
}

/** The tender of a ceremony, or why there is none (404 unknown, 409 wrong mode or not started). */
export function checkCeremony(tender: TenderRow | undefined, tenderId: number): TenderRow {
  if (!tender || tender.status === 'draft') throw tenderNotFound(tenderId);
  if (tender.sealMode !== 'bidder')
    throw new Conflict('本项目为服务器密封模式，没有投标人解密环节');
  if (!tender.decryptStartedAt || !tender.decryptUntil)
    throw new Conflict(`尚未开标，开标（${formatDateTime(tender.openingAt)} 之后）才开始解密`);
  return tender;
}

export async function getOpeningCeremony(deps: AppDeps, tenderId: number) {
  const now = deps.clock.now();
  const [tender] = await deps.db.select().from(tenders).where(eq(tenders.id, tenderId));
  return ceremonyOf(deps.db, checkCeremony(tender, tenderId), now);
}

/** Once, with a reason, while the window runs: the new end applies to every bidder at once. */
export async function extendDecryption(
  deps: AppDeps,
  input: { id: number; minutes: number; reason: string },
  actor: Actor,
): Promise<OpeningCeremony> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const tender = checkCeremony(await lockTender(tx, input.id, 'update'), input.id);
    if (tender.status !== 'opening') throw new Conflict('开标已结束，不能再延长解密时间');
    if (tender.decryptExtendedMinutes !== null)
      throw new Conflict('解密时间只能延长一次，本次开标已延长过');
    if (windowEnded(tender, now))
      throw new Conflict(`解密时间已于 ${formatDateTime(tender.decryptUntil!)} 结束，不能再延长`);
    const until = new Date(tender.decryptUntil!.getTime() + input.minutes * 60_000);
    const [extended] = await tx
      .update(tenders)
      .set({
        decryptUntil: until,
        decryptExtendedMinutes: input.minutes,
        decryptExtendReason: input.reason,
        updatedAt: now,
      })
      .where(eq(tenders.id, tender.id))
      .returning();
    await recordAudit(tx, actor, {
      targetType: 'tender',
      targetId: tender.id,
      before: { decryptUntil: tender.decryptUntil!.toISOString() },
      after: { decryptUntil: until.toISOString(), minutes: input.minutes, reason: input.reason },
    });
    const list = await liveBids(tx, tender.id);
    await notifyDecryptionWindow(
      tx,
      tender.id,
      tender.title,
      [...new Set(list.filter((b) => b.decryptedAt === null).map((b) => b.supplierId))],
      until,
      true,
      now,
    );
    return ceremonyOf(tx, extended!, now);
  });
}
