import { eq, sql } from 'drizzle-orm';
import { lots } from '../db/schema/index.js';
import type { DemoPeople } from './demo-people.js';
import type { LotInput, OpeningRecord } from '@tender/contracts';
import type { AppDeps } from '../app-deps.js';
import type { Config } from '../config.js';
import type { Db, Tx } from '../db/client.js';
import { awardTender } from '../modules/opening/award.js';
import { publishAnnouncement } from '../modules/announcements/service.js';
import { openBids } from '../modules/opening/opening.js';
import { submitBid } from '../modules/bids/submit.js';
import { insertTender, publishTender } from '../modules/tenders/service.js';
import { addSupply } from '../modules/tenders/sign-up.js';
import { viewerOf } from '../modules/tenders/access.js';
import { formatDate } from '@tender/contracts';
import { declareDemoBond, type DemoBondOutcome } from './demo-bonds.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * The demo rows written straight into the tables (demo-tenders) get what the tender service
 * gives every tender saved without lots: one lot from its own budget, ceiling and minimum, and
 * every sign-up on it — the same as migration 0013 did for existing installations.
 */
export async function giveEveryTenderItsLot(tx: Tx) {
  await tx.execute(sql`
    insert into lots (tender_id, lot_no, name, budget, price_ceiling, min_bids, status, created_at, updated_at)
    select t.id, 1, t.title, t.budget, t.price_ceiling, t.min_bids,
      case t.status when 'failed' then 'failed' when 'awarded' then 'awarded' else 'active' end,
      t.created_at, t.updated_at
    from tenders t where not exists (select 1 from lots l where l.tender_id = t.id)`);
  await tx.execute(sql`
    insert into participation_lots (tender_id, supplier_id, lot_id, created_at)
    select p.tender_id, p.supplier_id, l.id, p.created_at
    from participations p join lots l on l.tender_id = p.tender_id
    on conflict do nothing`);
}

type Plan = {
  title: string;
  category: string;
  /** Hours from now to the bid deadline. */
  deadlineHours: number;
  maxLotsPerWinner?: number;
  lots: LotInput[];
  /** Per bidder (bidder1…3): the lots it bids for (lotNo) and its price as a share of each budget. */
  bids: { bidder: number; lotNos: number[]; share: number }[];
  /**
   * What finance did with each bid's bond on a lot that requires one, by `bidder-lotNo`
   * (default verified: a bid without a verified bond is opened invalid).
   */
  bonds?: Record<string, DemoBondOutcome>;
  /** After the opening: lotNo → the bidder (index) it is awarded to, with the reason. */
  awards?: { lotNo: number; bidder: number; reason: string }[];
};

const PLANS: Plan[] = [
  {
    title: '2026 年第一批输变电设备集中招标（三个标段）',
    category: 'transformer',
    deadlineHours: 9 * 24,
    maxLotsPerWinner: 2,
    lots: [
      { name: '110kV 主变压器', budget: 5_600_000, minBids: 3, bidBond: 80_000, quantity: '4 台' },
      { name: '10kV 开关柜', budget: 2_300_000, minBids: 3, bidBond: 40_000, quantity: '36 面' },
      { name: '10kV 电力电缆', budget: 1_850_000, minBids: 3, bidBond: 30_000, quantity: '42 km' },
    ],
    bids: [
      { bidder: 0, lotNos: [1, 2], share: 0.93 },
      { bidder: 1, lotNos: [3], share: 0.9 },
    ],
    bonds: { '0-2': 'declared', '1-3': 'rejected' },
  },
  {
    title: '配网物资 2026 年第三批批次采购（三个标段）',
    category: 'switchgear',
    deadlineHours: -6 * 24,
    lots: [
      { name: '环网柜', budget: 1_600_000, minBids: 2, bidBond: 30_000, quantity: '60 台' },
      { name: '柱上断路器', budget: 980_000, minBids: 2, bidBond: 19_000, quantity: '120 台' },
      { name: '电缆分支箱', budget: 420_000, minBids: 2, bidBond: 8_000, quantity: '80 台' },
    ],
    bids: [
      { bidder: 0, lotNos: [1, 2], share: 0.91 },
      { bidder: 2, lotNos: [1, 2], share: 0.94 },
      { bidder: 1, lotNos: [3], share: 0.88 },
    ],
    awards: [
      { lotNo: 1, bidder: 0, reason: '投标报价最低且满足招标文件要求' },
      { lotNo: 2, bidder: 0, reason: '投标报价最低且满足招标文件要求' },
    ],
  },
  {
    title: '新能源场站设备框架招标（兼投不兼中）',
    category: 'inverter',
    deadlineHours: -12 * 24,
    maxLotsPerWinner: 1,
    lots: [
      { name: '组串式逆变器', budget: 3_200_000, minBids: 2, bidBond: 60_000, quantity: '160 台' },
      { name: '箱式变压器', budget: 2_700_000, minBids: 2, bidBond: 50_000, quantity: '16 台' },
    ],
    bids: [
      { bidder: 0, lotNos: [1, 2], share: 0.9 },
      { bidder: 2, lotNos: [1, 2], share: 0.95 },
    ],
    awards: [
      { lotNo: 1, bidder: 0, reason: '投标报价最低且满足招标文件要求' },
      {
        lotNo: 2,
        bidder: 2,
        reason:
          '排名第一的投标人已中标标段 1，依兼投不兼中规则（每个投标人最多中标 1 个标段）由排名第二的投标人中标',
      },
    ],
  },
];

/**
 * Multi-lot tenders through the services, as a manager and bidders would: one open for bids
 * with bids on some lots, one opened with a lot failed (one bid on it) and the others awarded,
 * one awarded across lots where 兼投不兼中 passed a lot to the next bidder. Lots that require a
 * bid bond get each bidder's declaration, verified by finance unless the plan says otherwise.
 */
export async function seedDemoLots(
  tx: Tx,
  config: Pick<Config, 'bidSealKey'>,
  people: DemoPeople,
  now = new Date(),
) {
  const { manager, bidders, actor } = people;
  let current = now;
  const at = (time: Date) => {
    current = time;
  };
  const deps = {
    config,
    db: tx as unknown as Db,
    clock: { now: () => current },
  } as unknown as AppDeps;
  for (const plan of PLANS) {
    const bidDeadline = new Date(now.getTime() + plan.deadlineHours * HOUR);
    current = new Date(bidDeadline.getTime() - 15 * DAY);
    const { id: tenderId } = await insertTender(
      deps,
      {
        title: plan.title,
        category: plan.category,
        procurementMethod: 'open',
        bondForms: ['transfer', 'guarantee', 'insurance'],
        budget: 0,
        currency: 'CNY',
        region: 'east',
        description: `<p>${plan.title}，分标段招标，投标人可对一个或多个标段投标，各标段分别开标、评审、定标。</p>`,
        contact: '张采购',
        contactPhone: '010-88886666',
        mandatory: false,
        docsFrom: null,
        docsUntil: null,
        bidValidityDays: 90,
        bidDeadline: bidDeadline.toISOString(),
        openingAt: null,
        minBids: 3,
        priceCeiling: null,
        sealMode: 'server',
        decryptionMinutes: 30,
        confirmMinutes: 30,
        invitedSupplierIds: [],
        documentIds: [],
        lots: plan.lots.map((lot) => ({
          ...lot,
          minBids: lot.minBids ?? 3,
          bidBond: Number(lot.bidBond ?? 0),
          description: '',
        })) as never,
        maxLotsPerWinner: plan.maxLotsPerWinner ?? null,
      },
      manager,
      actor(manager, '新建招标'),
    );
    await publishTender(deps, tenderId, actor(manager, '发布招标'));
    const lotIds = (
      await tx
        .select({ id: lots.id })
        .from(lots)
        .where(eq(lots.tenderId, tenderId))
        .orderBy(lots.lotNo)
    ).map((row) => row.id);
    for (const [b, plannedBid] of plan.bids.entries()) {
      const bidder = bidders[plannedBid.bidder]!;
      current = new Date(bidDeadline.getTime() - (10 - b) * DAY);
      await addSupply(
        deps,
        { tenderId, lotIds: plannedBid.lotNos.map((n) => lotIds[n - 1]!) },
        bidder,
        await viewerOf(deps.db, bidder),
        actor(bidder, '报名'),
      );
      current = new Date(current.getTime() + 2 * HOUR);
      for (const lotNo of plannedBid.lotNos) {
        const budget = plan.lots[lotNo - 1]!.budget as number;
        await submitBid(
          deps,
          {
            tenderId,
            lotId: lotIds[lotNo - 1]!,
            totalPrice: Math.round(budget * plannedBid.share * 100) / 100,
            currency: 'CNY',
            deliveryDays: 45 + lotNo * 5,
            warrantyMonths: 36,
            remark: `${bidder.realName}：标段 ${lotNo} 含运输、安装及调试`,
            fileIds: [],
          },
          bidder,
          actor(bidder, '提交或修改密封报价'),
          { ip: `10.0.2.${11 + plannedBid.bidder}`, userAgent: 'Mozilla/5.0 (demo)' },
        );
        const bidBond = Number(plan.lots[lotNo - 1]!.bidBond ?? 0);
        if (bidBond > 0) {
          const submitted = current;
          await declareDemoBond(deps, at, people, {
            tenderId,
            lotId: lotIds[lotNo - 1]!,
            bidder,
            bidderIndex: plannedBid.bidder,
            amount: bidBond,
            // A bank guarantee on the first lot of each tender, transfers elsewhere.
            form: lotNo === 1 ? 'guarantee' : 'transfer',
            validUntil: formatDate(new Date(bidDeadline.getTime() + 120 * DAY)),
            outcome: plan.bonds?.[`${plannedBid.bidder}-${lotNo}`] ?? 'verified',
            when: new Date(submitted.getTime() + HOUR),
          });
          at(submitted);
        }
      }
    }
    if (plan.deadlineHours > 0) continue;
    current = new Date(bidDeadline.getTime() + 10 * 60_000);
    const record = (await openBids(
      deps,
      tenderId,
      manager,
      actor(manager, '开标'),
    )) as OpeningRecord;
    for (const [a, award] of (plan.awards ?? []).entries()) {
      const lotId = lotIds[award.lotNo - 1]!;
      const entry = record.entries.find(
        (e) => e.lotId === lotId && e.supplierId === bidders[award.bidder]!.supplierId,
      )!;
      current = new Date(bidDeadline.getTime() + (2 + a) * DAY);
      const { announcementId } = await awardTender(
        deps,
        { id: tenderId, lotId, bidId: entry.bidId, reason: award.reason },
        manager,
        actor(manager, '定标'),
      );
      // Each lot's 中标结果公告, named by its lot, is public.
      current = new Date(current.getTime() + 2 * HOUR);
      await publishAnnouncement(deps, announcementId, actor(manager, '发布中标公告'));
    }
  }
}
