import { asc, eq } from 'drizzle-orm';
import type { OpeningRecord } from '@tender/contracts';
import type { AppDeps } from '../app-deps.js';
import type { Config } from '../config.js';
import type { Db, Tx } from '../db/client.js';
import { awards, lots } from '../db/schema/index.js';
import { insertContract } from '../modules/contracts/service.js';
import { beijingDay } from '../modules/contracts/deadline.js';
import { awardTender } from '../modules/opening/award.js';
import { openBids } from '../modules/opening/opening.js';
import { submitBid } from '../modules/bids/submit.js';
import { insertTender, publishTender } from '../modules/tenders/service.js';
import { addSupply } from '../modules/tenders/sign-up.js';
import { viewerOf } from '../modules/tenders/access.js';
import type { DemoPeople } from './demo-people.js';
import { declareDemoBond, demoFile } from './demo-bonds.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** The tender awarded long ago whose contract is overdue (no other demo award is 30 days old). */
export const OVERDUE_CONTRACT_TITLE = '升压站 35kV 开关柜采购';
/** Its deadline, in days before the seed's now: awarded two days after, so 43 days ago. */
const OVERDUE_DEADLINE_DAYS_AGO = 45;
/** Its bid bond (2 % of the budget at most): the winner's is forfeited (seedDemoBondClosures). */
const BOND = 25_000;

/**
 * 合同管理's demo (EVALUATION.md §5), through the services as a manager would: the contract of
 * the oldest demo award recorded three days after its notice, and a tender awarded 43 days ago
 * (on a clock set back, as the other demo seeds do) whose contract is overdue.
 */
export async function seedDemoContracts(
  tx: Tx,
  config: Pick<Config, 'bidSealKey'>,
  people: DemoPeople,
  now = new Date(),
) {
  let current = now;
  const deps = {
    config,
    db: tx as unknown as Db,
    clock: { now: () => current },
  } as unknown as AppDeps;
  const at = (time: Date) => {
    current = time;
  };
  await recordOldestAwardContract(deps, tx, people, at, now);
  await awardLongAgo(deps, tx, people, at, now);
  at(now);
}

async function recordOldestAwardContract(
  deps: AppDeps,
  tx: Tx,
  { manager, actor }: DemoPeople,
  at: (time: Date) => void,
  now: Date,
) {
  const [oldest] = await tx.select().from(awards).orderBy(asc(awards.awardedAt)).limit(1);
  if (!oldest) return;
  const signed = new Date(Math.min(oldest.awardedAt.getTime() + 3 * DAY, now.getTime()));
  at(signed);
  const file = await demoFile(tx, manager, '采购合同（双方盖章）.pdf', signed);
  await insertContract(
    deps,
    {
      tenderId: oldest.tenderId,
      lotId: oldest.lotId,
      signedAt: beijingDay(signed),
      amount: Number(oldest.amount),
      fileIds: [file],
    },
    manager,
    actor(manager, '录入合同'),
  );
}

/** A one-lot tender published, bid on by two bidders, opened and awarded 43 days ago. */
async function awardLongAgo(
  deps: AppDeps,
  tx: Tx,
  people: DemoPeople,
  at: (time: Date) => void,
  now: Date,
) {
  const { manager, bidders, actor } = people;
  const bidDeadline = new Date(now.getTime() - OVERDUE_DEADLINE_DAYS_AGO * DAY);
  at(new Date(bidDeadline.getTime() - 15 * DAY));
  const budget = 1_280_000;
  const { id: tenderId } = await insertTender(
    deps,
    {
      title: OVERDUE_CONTRACT_TITLE,
      category: 'switchgear',
      procurementMethod: 'open',
      bondForms: ['transfer', 'guarantee', 'insurance'],
      budget,
      currency: 'CNY',
      region: 'east',
      description: `<p>${OVERDUE_CONTRACT_TITLE}：35kV 户内开关柜 18 面，含安装指导及调试。</p>`,
      contact: '张采购',
      contactPhone: '010-88886666',
      mandatory: false,
      docsFrom: null,
      docsUntil: null,
      bidValidityDays: 90,
      bidDeadline: bidDeadline.toISOString(),
      openingAt: null,
      minBids: 2,
      priceCeiling: null,
      sealMode: 'server',
      decryptionMinutes: 30,
      confirmMinutes: 30,
      invitedSupplierIds: [],
      documentIds: [],
      lots: [
        {
          name: OVERDUE_CONTRACT_TITLE,
          budget,
          minBids: 2,
          bidBond: BOND,
          quantity: '18 面',
          description: '',
        },
      ],
      maxLotsPerWinner: null,
    } as never,
    manager,
    actor(manager, '新建招标'),
  );
  await publishTender(deps, tenderId, actor(manager, '发布招标'));
  const [lot] = await tx.select({ id: lots.id }).from(lots).where(eq(lots.tenderId, tenderId));
  const shares = [0.9, 0.94];
  for (const [b, share] of shares.entries()) {
    const bidder = bidders[b]!;
    at(new Date(bidDeadline.getTime() - (10 - b) * DAY));
    await addSupply(
      deps,
      { tenderId, lotIds: [lot!.id] },
      bidder,
      await viewerOf(deps.db, bidder),
      actor(bidder, '报名'),
    );
    at(new Date(bidDeadline.getTime() - (8 - b) * DAY));
    await submitBid(
      deps,
      {
        tenderId,
        lotId: lot!.id,
        totalPrice: Math.round(budget * share * 100) / 100,
        currency: 'CNY',
        deliveryDays: 60,
        warrantyMonths: 36,
        remark: `${bidder.realName}：含运输、安装指导及调试`,
        fileIds: [],
      },
      bidder,
      actor(bidder, '提交或修改密封报价'),
      { ip: `10.0.3.${11 + b}`, userAgent: 'Mozilla/5.0 (demo)' },
    );
    await declareDemoBond(deps, at, people, {
      tenderId,
      lotId: lot!.id,
      bidder,
      bidderIndex: b,
      amount: BOND,
      outcome: 'verified',
      when: new Date(bidDeadline.getTime() - (7 - b) * DAY),
    });
  }
  at(new Date(bidDeadline.getTime() + 10 * 60_000));
  const record = (await openBids(deps, tenderId, manager, actor(manager, '开标'))) as OpeningRecord;
  const lowest = record.entries
    .filter((e) => e.valid)
    .sort((a, b) => a.totalPrice! - b.totalPrice!)[0]!;
  at(new Date(bidDeadline.getTime() + 2 * DAY));
  await awardTender(
    deps,
    { id: tenderId, bidId: lowest.bidId, reason: '投标报价最低且满足招标文件要求' },
    manager,
    actor(manager, '定标'),
  );
}
