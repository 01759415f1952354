import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { OpeningRecord } from '@tender/contracts';
import type { AppDeps } from '../app-deps.js';
import type { Config } from '../config.js';
import type { Db, Tx } from '../db/client.js';
import { participations, tenderNumberCounters, tenders } from '../db/schema/index.js';
import type { Actor } from '../lib/audit.js';
import type { AuthUser } from '../plugins/auth.js';
import { awardTender } from '../modules/opening/award.js';
import { finishOpening, openBids } from '../modules/opening/opening.js';
import { answerOpeningObjection, confirmOpeningRecord } from '../modules/opening/confirmations.js';
import { decryptBid } from '../modules/opening/decrypt.js';
import { contentKeyText, sealQuotation } from './bidder-envelope.js';
import { demoPeople } from './demo-people.js';
import { submitBid } from '../modules/bids/submit.js';
import { chinaYear, formatTenderNo } from '../modules/tenders/numbering.js';
import { searchColumns } from '../modules/tenders/queries.js';
import { addSignedUpLots, saveDraftLots } from '../modules/tenders/lots.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** [title, hours from now to the deadline, what happens after it] */
const SPECS = [
  ['华东区域 35kV 箱式变电站采购', 72, 'open'],
  ['风电场 SCADA 系统升级改造', -2, 'closed'],
  ['储能电站电池预制舱采购', -30, 'opened'],
  ['光伏支架及基础工程', -50, 'failed'],
  ['变电站综合自动化设备采购', -80, 'awarded'],
] as const;

/** The demo bidders' quotes, as a share of the budget. */
const SHARES = [0.92, 0.88, 0.95];

/**
 * A demo tender row with its search columns and its one lot (from its own budget, ceiling and
 * minimum), as the tender service would store it.
 */
async function insertDemoTender(
  tx: Tx,
  values: typeof tenders.$inferInsert & {
    region: string | null;
    description: string;
    priceCeiling: string;
    minBids: number;
  },
) {
  const [row] = await tx
    .insert(tenders)
    .values({ ...values, ...(await searchColumns(tx, values)) })
    .returning({ id: tenders.id });
  const single = {
    name: values.title,
    budget: values.budget,
    priceCeiling: values.priceCeiling,
    minBids: values.minBids,
  };
  await saveDraftLots(tx, row!.id, undefined, single, values.createdAt ?? new Date());
  return row!.id;
}

/** A demo sign-up: the tender and its every lot. */
async function signUpDemo(tx: Tx, tenderId: number, bidder: AuthUser, createdAt: Date) {
  await tx
    .insert(participations)
    .values({ tenderId, supplierId: bidder.supplierId!, userId: bidder.userid, createdAt });
  await addSignedUpLots(tx, tenderId, bidder.supplierId!, undefined, createdAt);
}

/**
 * Tenders in every bid-related state, with bids sealed under the installation's BID_SEAL_KEY
 * through the bid services themselves (the same receipts, revisions and audit rows): open with
 * sealed bids, closed awaiting opening, opened with a record, failed, awarded with a draft
 * result announcement.
 */
export async function seedDemoBids(tx: Tx, config: Pick<Config, 'bidSealKey'>, now = new Date()) {
  const { manager, bidders, actor } = await demoPeople(tx, '/seed/demo-bids');
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
    const tenderId = await insertDemoTender(tx, values);
    const bidding = state === 'failed' ? bidders.slice(0, 1) : bidders;
    for (const [b, bidder] of bidding.entries()) {
      await signUpDemo(tx, tenderId, bidder, new Date(publishedAt.getTime() + (b + 1) * HOUR));
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
    const record = (await openBids(
      deps,
      tenderId,
      manager,
      actor(manager, '开标'),
    )) as OpeningRecord;
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
  last = await seedBidderModeDemo(tx, deps, { manager, bidders, actor, year, last, now }, (at) => {
    current = at;
  });
  await tx
    .insert(tenderNumberCounters)
    .values({ year, last })
    .onConflictDoUpdate({ target: tenderNumberCounters.year, set: { last: sql`${last}` } });
}

/** The demo bidders' passphrase for their `bidder`-mode bids (投标解密口令), to try decrypting. */
export const DEMO_BID_PASSPHRASE = 'Decrypt@2026';

interface DemoPeople {
  manager: AuthUser;
  bidders: AuthUser[];
  actor: (user: AuthUser, action: string) => Actor;
  year: number;
  last: number;
  now: Date;
}

/**
 * 不见面开标 demo: one `bidder`-mode tender whose decryption window is running (bidder1 has
 * decrypted), one opened through the whole ceremony (bidder3 never decrypted: 解密失败) with
 * its record confirmed by bidder1 and objected to by bidder2, the objection answered. The
 * envelopes are real (Web Crypto, API.md's format), made with DEMO_BID_PASSPHRASE; everything
 * goes through the services, as a browser's requests would.
 */
async function seedBidderModeDemo(
  tx: Tx,
  deps: AppDeps,
  people: DemoPeople,
  setClock: (at: Date) => void,
): Promise<number> {
  const { manager, bidders, actor, now } = people;
  let last = people.last;
  const salts = new Map(bidders.map((b) => [b.userid, new Uint8Array(randomBytes(16))]));
  const specs = [
    ['储能系统 EMS 能量管理平台采购', -10 / 60, 'decrypting'],
    ['光伏组串式逆变器采购', -28, 'confirming'],
  ] as const;
  for (const [i, [title, hours, state]] of specs.entries()) {
    const bidDeadline = new Date(now.getTime() + hours * HOUR);
    const publishedAt = new Date(bidDeadline.getTime() - 21 * DAY);
    const budget = 2_600_000 + i * 900_000;
    const values = {
      tenderNo: formatTenderNo(people.year, ++last),
      title,
      category: 'energy_storage',
      region: null,
      description: `<p>${title}。本项目为不见面开标：报价在投标人浏览器中加密，开标时由投标人在线解密。</p>`,
      procurementMethod: 'open' as const,
      // The company's own procurement: two valid bids of three suffice, so the record shows a
      // 解密失败 bid beside an opening that stands (a mandatory tender needs three).
      mandatory: false,
      budget: budget.toFixed(2),
      priceCeiling: (budget * 0.98).toFixed(2),
      contact: '张采购',
      contactPhone: '010-88886666',
      docsFrom: publishedAt,
      docsUntil: bidDeadline,
      bidDeadline,
      openingAt: bidDeadline,
      minBids: 2,
      sealMode: 'bidder' as const,
      decryptionMinutes: 30,
      confirmMinutes: 30,
      status: 'published' as const,
      publishedAt,
      createdBy: manager.userid,
      createdAt: new Date(publishedAt.getTime() - DAY),
      updatedAt: publishedAt,
    };
    const tenderId = await insertDemoTender(tx, values);
    const keys = new Map<number, { bidId: number; contentKey: Uint8Array }>();
    for (const [b, bidder] of bidders.entries()) {
      await signUpDemo(tx, tenderId, bidder, new Date(publishedAt.getTime() + (b + 1) * HOUR));
      setClock(new Date(publishedAt.getTime() + (b + 2) * DAY));
      const { sealed, contentKey } = await sealQuotation(
        {
          totalPrice: (Math.round(budget * SHARES[b]! * 100) / 100).toFixed(2),
          currency: 'CNY',
          deliveryDays: 40 + b * 10,
          warrantyMonths: 36,
          remark: `${bidder.realName}：含供货、安装、调试及培训`,
          fileIds: [],
        },
        DEMO_BID_PASSPHRASE,
        { salt: salts.get(bidder.userid)! },
      );
      const receipt = await submitBid(
        deps,
        { tenderId, sealed, currency: 'CNY', fileIds: [] },
        bidder,
        actor(bidder, '提交或修改密封报价'),
        { ip: `10.0.1.${11 + b}`, userAgent: 'Mozilla/5.0 (demo)' },
      );
      keys.set(bidder.userid, { bidId: receipt.bidId, contentKey });
    }
    const decrypt = async (bidder: AuthUser, at: Date) => {
      setClock(at);
      const { bidId, contentKey } = keys.get(bidder.userid)!;
      await decryptBid(
        deps,
        { bidId, contentKey: contentKeyText(contentKey) },
        bidder,
        actor(bidder, '解密本公司投标'),
      );
    };
    const minutes = (m: number) => new Date(bidDeadline.getTime() + m * 60_000);
    if (state === 'decrypting') {
      // Started 5 minutes ago: the window runs 25 minutes more.
      setClock(new Date(now.getTime() - 5 * 60_000));
      await openBids(deps, tenderId, manager, actor(manager, '开标'));
      await decrypt(bidders[0]!, new Date(now.getTime() - 3 * 60_000));
      continue;
    }
    setClock(minutes(10));
    await openBids(deps, tenderId, manager, actor(manager, '开标'));
    await decrypt(bidders[0]!, minutes(12));
    await decrypt(bidders[1]!, minutes(15));
    setClock(minutes(45));
    await finishOpening(deps, tenderId, manager, actor(manager, '结束解密并生成开标记录'));
    setClock(minutes(50));
    await confirmOpeningRecord(
      deps,
      { tenderId, agree: true },
      bidders[0]!,
      actor(bidders[0]!, '确认开标记录'),
    );
    await confirmOpeningRecord(
      deps,
      { tenderId, agree: false, objection: '开标记录中我方交货期应为 50 天，请核实。' },
      bidders[1]!,
      actor(bidders[1]!, '确认开标记录'),
    );
    setClock(minutes(55));
    await answerOpeningObjection(
      deps,
      {
        tenderId,
        supplierId: bidders[1]!.supplierId!,
        answer: '经核对解密后的投标文件，交货期为 50 天，与开标记录一致。',
      },
      manager,
      actor(manager, '答复开标记录异议'),
    );
  }
  return last;
}
