import { eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps.js';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../client.js';
import { participations, tenderNumberCounters, tenders, users } from '../schema/index.js';
import type { Actor } from '../../lib/audit.js';
import type { AuthUser } from '../../plugins/auth.js';
import { awardTender } from '../../modules/bids/award.js';
import { openBids } from '../../modules/bids/opening.js';
import { submitBid } from '../../modules/bids/submit.js';
import { chinaYear, formatTenderNo } from '../../modules/tenders/numbering.js';
import { searchColumns } from '../../modules/tenders/queries.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** [title, hours from now to the deadline, what happens after it] */
const SPECS = [
  ['华东区域 35kV 箱式变电站采购（投标中）', 72, 'open'],
  ['风电场 SCADA 系统升级改造（待开标）', -2, 'closed'],
  ['储能电站电池预制舱采购（已开标）', -30, 'opened'],
  ['光伏支架及基础工程（流标）', -50, 'failed'],
  ['变电站综合自动化设备采购（已定标）', -80, 'awarded'],
] as const;

/** The demo bidders' quotes, as a share of the budget. */
const SHARES = [0.92, 0.88, 0.95];

/**
 * Tenders in every bid-related state, with bids sealed under the installation's BID_SEAL_KEY
 * through the bid services themselves (the same receipts, revisions and audit rows): open with
 * sealed bids, closed awaiting opening, opened with a record, failed, awarded with a draft
 * result announcement.
 */
export async function seedDemoBids(tx: Tx, config: Pick<Config, 'bidSealKey'>, now = new Date()) {
  const people = await tx
    .select({
      id: users.id,
      username: users.username,
      realName: users.realName,
      roleId: users.roleId,
      supplierId: users.supplierId,
    })
    .from(users)
    .where(inArray(users.username, ['manager', 'bidder1', 'bidder2', 'bidder3']));
  const as = (name: string): AuthUser => {
    const p = people.find((x) => x.username === name)!;
    return { ...p, userid: p.id, roleName: '', isAdmin: false };
  };
  const actor = (user: AuthUser, action: string): Actor => ({
    userId: user.userid,
    username: user.username,
    action,
    method: 'POST',
    url: '/seed/demo-bids',
    ip: '127.0.0.1',
    requestId: null,
  });
  const manager = as('manager');
  const bidders = ['bidder1', 'bidder2', 'bidder3'].map(as);
  const year = chinaYear(now);
  const [counter] = await tx
    .select()
    .from(tenderNumberCounters)
    .where(eq(tenderNumberCounters.year, year));
  let last = counter?.last ?? 0;
  let current = now;
  const deps = {
    config,
    db: tx as unknown as Db,
    clock: { now: () => current },
  } as unknown as AppDeps;

  for (const [i, [title, hours, state]] of SPECS.entries()) {
    const bidDeadline = new Date(now.getTime() + hours * HOUR);
    const publishedAt = new Date(bidDeadline.getTime() - 12 * DAY);
    const budget = 1_200_000 + i * 350_000;
    const values = {
      tenderNo: formatTenderNo(year, ++last),
      title,
      category: 'energy_storage',
      region: null,
      description: `<p>${title}，详见招标文件。</p>`,
      procurementMethod: 'open' as const,
      budget: budget.toFixed(2),
      priceCeiling: (budget * 0.97).toFixed(2),
      contact: '张采购',
      contactPhone: '010-88886666',
      docsFrom: publishedAt,
      docsUntil: bidDeadline,
      bidDeadline,
      openingAt: bidDeadline,
      minBids: state === 'failed' ? 3 : 2,
      status: 'published' as const,
      publishedAt,
      createdBy: manager.userid,
      createdAt: new Date(publishedAt.getTime() - DAY),
      updatedAt: publishedAt,
    };
    const [row] = await tx
      .insert(tenders)
      .values({ ...values, ...(await searchColumns(tx, values)) })
      .returning({ id: tenders.id });
    const tenderId = row!.id;
    const bidding = state === 'failed' ? bidders.slice(0, 1) : bidders;
    for (const [b, bidder] of bidding.entries()) {
      await tx.insert(participations).values({
        tenderId,
        supplierId: bidder.supplierId!,
        userId: bidder.userid,
        createdAt: new Date(publishedAt.getTime() + (b + 1) * HOUR),
      });
      current = new Date(publishedAt.getTime() + (b + 2) * DAY);
      await submitBid(
        deps,
        {
          tenderId,
          totalPrice: Math.round(budget * SHARES[b]! * 100) / 100,
          currency: 'CNY',
          deliveryDays: 30 + b * 15,
          warrantyMonths: 24 + b * 12,
          remark: `${bidder.realName}：含运输、安装及调试`,
          fileIds: [],
        },
        bidder,
        actor(bidder, '提交或修改密封报价'),
        { ip: `10.0.0.${11 + b}`, userAgent: 'Mozilla/5.0 (demo)' },
      );
    }
    if (state === 'open' || state === 'closed') continue;
    current = new Date(bidDeadline.getTime() + 10 * 60_000);
    const record = await openBids(deps, tenderId, manager, actor(manager, '开标'));
    if (state === 'awarded') {
      const lowest = record.entries
        .filter((e) => e.valid)
        .sort((a, b) => a.totalPrice! - b.totalPrice!)[0]!;
      current = new Date(bidDeadline.getTime() + 2 * DAY);
      await awardTender(
        deps,
        {
          id: tenderId,
          bidId: lowest.bidId,
          reason: '经评标委员会评审，投标报价最低且满足招标文件要求',
        },
        manager,
        actor(manager, '定标'),
      );
    }
  }
  await tx
    .insert(tenderNumberCounters)
    .values({ year, last })
    .onConflictDoUpdate({ target: tenderNumberCounters.year, set: { last: sql`${last}` } });
}
