import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import {
  amendments,
  downloadLog,
  fileChunks,
  files,
  participations,
  suppliers,
  tenderInvitations,
  tenderNumberCounters,
  tenders,
  users,
} from '../db/schema/index.js';
import { creditCodeCheckChar } from '@tender/contracts';
import { chinaYear, formatTenderNo } from '../modules/tenders/numbering.js';
import { searchColumns } from '../modules/tenders/queries.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** Companies in the review states the demo accounts do not show (no login of their own). */
const EXTRA_SUPPLIERS = [
  [
    '东方输变电设备有限公司',
    '91370200MA3C4D5E6',
    'rejected',
    '营业执照已过期，请上传有效证照后重新提交',
    null,
  ],
  ['北辰电力科技有限公司', '91120000MA05F6G7H', 'rejected', '资质证书与经营范围不符', null],
  ['中原电气成套有限公司', '91410100MA4H5J6K7', 'blacklisted', '在 ZB 项目中提供虚假业绩材料', 90],
  ['长江开关制造有限公司', '91420100MA4L5M6N7', 'blacklisted', '中标后无正当理由拒签合同', null],
  ['海宁光伏科技有限公司', '91330400MA2P3Q4R5', 'pending', null, null],
] as const;

type Kind = 'draft' | 'published' | 'closed' | 'cancelled' | 'failed';
/** [title, category, region, kind, deadline in hours from now, mandatory, invited] */
type Spec = [string, string, string, Kind, number, boolean?, boolean?];

const SPECS: Spec[] = [
  ['华东电网 2026 年第一批 110kV 主变压器采购', 'transformer', 'east', 'published', 26 * 24, true],
  ['苏州工业园区 20kV 开关柜框架招标', 'switchgear', 'east', 'published', 5],
  ['华南区域 10kV 电力电缆集中采购（第二批）', 'cable', 'south', 'published', 30],
  ['智能电能表（单相、三相）年度协议采购', 'meter', 'central', 'published', 3 * 24, false],
  ['220kV 变电站继电保护装置改造项目', 'protection_relay', 'north', 'published', 8 * 24],
  ['西北 50MW 光伏电站组串式光伏逆变器采购', 'inverter', 'northwest', 'published', 22 * 24, true],
  ['园区储能系统（2MW/4MWh）EPC 设备采购', 'energy_storage', 'east', 'published', 12 * 24],
  ['35kV 真空断路器批量采购', 'circuit_breaker', 'southwest', 'published', 2 * 24, false, true],
  ['电流互感器与电压互感器年度采购', 'instrument_transformer', 'northeast', 'published', 15 * 24],
  ['新区配网箱式变电站（美式箱变）采购', 'compact_substation', 'south', 'published', 40 * 24, true],
  ['成都高新区 10kV 开关柜及配套设备', 'switchgear', 'southwest', 'published', 10],
  ['风电场集电线路 35kV 电缆及附件采购', 'cable', 'northwest', 'published', 6 * 24, false, true],
  ['城市综合管廊高压电缆监测装置', 'protection_relay', 'central', 'published', 18 * 24],
  ['变电站一次设备检修备品备件（变压器附件）', 'transformer', 'north', 'published', 4 * 24],
  ['农网改造 S13 型配电变压器采购', 'transformer', 'central', 'closed', -20],
  ['数据中心 10kV 中置式开关柜采购', 'switchgear', 'north', 'closed', -3 * 24],
  ['智能电表集中器及采集终端', 'meter', 'east', 'closed', -6 * 24],
  ['分布式光伏逆变器（屋顶项目）', 'inverter', 'south', 'closed', -2 * 24],
  ['500kV 线路保护装置更换', 'protection_relay', 'northwest', 'closed', -10 * 24],
  ['充电站配套 0.4kV 低压电缆', 'cable', 'east', 'closed', -12],
  ['储能电站电池管理系统（BMS）采购', 'energy_storage', 'southwest', 'cancelled', 9 * 24],
  ['GIS 组合电器扩建间隔', 'circuit_breaker', 'north', 'cancelled', -5 * 24],
  ['老旧小区电能表轮换', 'meter', 'northeast', 'cancelled', 14 * 24],
  ['升压站 110kV 互感器更换', 'instrument_transformer', 'central', 'cancelled', -15 * 24],
  ['山区光伏逆变器及汇流箱', 'inverter', 'southwest', 'failed', -9 * 24],
  ['海上风电 66kV 海缆附件', 'cable', 'east', 'failed', -14 * 24],
  ['2026 年第二批 110kV 主变压器采购', 'transformer', 'east', 'draft', 30 * 24, true],
  ['工业园区 10kV 开关柜改造', 'switchgear', 'south', 'draft', 20 * 24],
  ['预付费智能电能表试点采购', 'meter', 'north', 'draft', 25 * 24],
  ['山区光伏逆变器及汇流箱（重新招标）', 'inverter', 'southwest', 'draft', 35 * 24],
  ['配网自动化继电保护装置采购', 'protection_relay', 'central', 'draft', 28 * 24],
  ['箱式变电站年度框架协议采购', 'compact_substation', 'northeast', 'draft', 45 * 24],
  ['铁路牵引变电所断路器采购', 'circuit_breaker', 'north', 'published', 16 * 24],
  ['城区 10kV 电缆分支箱采购', 'cable', 'central', 'published', 20 * 24],
  ['光储一体化逆变器试点', 'inverter', 'east', 'published', 9 * 24],
  ['互感器在线校验装置', 'instrument_transformer', 'south', 'closed', -4 * 24],
];

const description = (title: string) =>
  `<h2>一、项目概况</h2><p>本项目为「${title}」，资金来源为企业自筹，已落实。</p>` +
  '<h2>二、投标人资格要求</h2><ul><li>具有独立法人资格，具备相应的生产或供货能力；</li>' +
  '<li>近三年具有同类设备供货业绩；</li><li>未被列入失信被执行人名单。</li></ul>' +
  '<h2>三、招标文件的获取</h2><p>已报名的投标人在招标文件获取期内于本平台下载招标文件。</p>' +
  '<h2>四、投标文件的递交</h2><p>投标截止时间前在本平台递交电子投标文件，逾期不予受理。</p>';

/** A small but valid PDF. */
export function demoPdf(title: string) {
  const text = `Tender document: ${title.replace(/[^\x20-\x7e]/g, '')}`;
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n` +
      `2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n` +
      `3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\n` +
      `% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

async function seedExtraSuppliers(tx: Tx, now: Date, reviewer: number) {
  for (const [companyName, first17, status, reason, days] of EXTRA_SUPPLIERS) {
    await tx.insert(suppliers).values({
      companyName,
      creditCode: first17 + creditCodeCheckChar(first17),
      legalRepresentative: '陈立',
      contactName: '刘晨',
      phone: '13700000000',
      email: 'contact@example.cn',
      categories: ['switchgear'],
      status,
      reviewReason: reason,
      blacklistUntil: days ? new Date(now.getTime() + days * DAY) : null,
      reviewedBy: status === 'pending' ? null : reviewer,
      reviewedAt: status === 'pending' ? null : new Date(now.getTime() - 2 * DAY),
    });
  }
}

/**
 * A few dozen tenders in every state, dated from the seeding time: drafts, published ones with
 * deadlines hours to weeks away, closed, cancelled, failed (one re-tendered), one amended twice,
 * invited ones; documents, sign-ups by bidder1–3 and their downloads.
 */
export async function seedDemoTenders(tx: Tx, now = new Date()) {
  const people = await tx
    .select({ id: users.id, username: users.username, supplierId: users.supplierId })
    .from(users)
    .where(inArray(users.username, ['manager', 'bidder1', 'bidder2', 'bidder3']));
  const user = (name: string) => people.find((p) => p.username === name)!;
  const manager = user('manager').id;
  await seedExtraSuppliers(tx, now, manager);
  const bidders = ['bidder1', 'bidder2', 'bidder3'].map(user);
  const year = chinaYear(now);
  const ids: number[] = [];

  for (const [
    i,
    [title, category, region, kind, hours, mandatory = false, invited = false],
  ] of SPECS.entries()) {
    const bidDeadline = new Date(now.getTime() + hours * HOUR);
    const publishedAt =
      kind === 'draft'
        ? null
        : new Date(
            Math.min(now.getTime() - HOUR, bidDeadline.getTime() - (mandatory ? 21 : 10) * DAY),
          );
    const tenderNo = formatTenderNo(year, i + 1);
    const values = {
      tenderNo,
      title,
      category,
      region,
      description: description(title),
      procurementMethod: invited ? ('invited' as const) : ('open' as const),
      budget: String(((i * 37) % 90) * 100_000 + 480_000) + '.00',
      priceCeiling: i % 3 === 0 ? String(((i * 37) % 90) * 95_000 + 450_000) + '.00' : null,
      contact: '张采购',
      contactPhone: '010-88886666',
      mandatory,
      docsFrom: publishedAt,
      docsUntil: publishedAt ? bidDeadline : null,
      bidDeadline,
      openingAt: bidDeadline,
      status: kind === 'closed' ? ('published' as const) : kind,
      cancelReason: kind === 'cancelled' ? '项目需求调整，本次招标终止' : null,
      publishedAt,
      createdBy: manager,
      createdAt: new Date((publishedAt ?? now).getTime() - DAY),
      updatedAt: publishedAt ?? now,
    };
    const [row] = await tx
      .insert(tenders)
      .values({ ...values, ...(await searchColumns(tx, values)) })
      .returning({ id: tenders.id });
    ids.push(row!.id);
    if (invited)
      await tx.insert(tenderInvitations).values([
        { tenderId: row!.id, supplierId: bidders[0]!.supplierId! },
        { tenderId: row!.id, supplierId: bidders[2]!.supplierId! },
      ]);
  }
  await tx.insert(tenderNumberCounters).values({ year, last: SPECS.length });

  // The first failed tender starts again as a linked draft.
  const failed = SPECS.findIndex((s) => s[3] === 'failed');
  await tx
    .update(tenders)
    .set({ retenderOf: ids[failed]! })
    .where(eq(tenders.id, ids[SPECS.findIndex((s) => s[0].endsWith('（重新招标）'))]!));

  // Documents for a few published and closed tenders.
  const withDocuments = [0, 1, 2, 4, 5, 14, 15];
  for (const index of withDocuments) {
    const data = demoPdf(SPECS[index]![0]);
    const [file] = await tx
      .insert(files)
      .values({
        name: `${SPECS[index]![0]}-招标文件.pdf`,
        contentType: 'application/pdf',
        size: data.length,
        sha256: createHash('sha256').update(data).digest('hex'),
        uploadedBy: manager,
        ownerType: 'tender',
        ownerId: ids[index]!,
        createdAt: new Date(now.getTime() - 30 * DAY),
      })
      .returning({ id: files.id, name: files.name });
    await tx.insert(fileChunks).values({ fileId: file!.id, seq: 0, data });
    // Sign-ups and downloads: bidder1 and bidder2 on every tender with documents, bidder3 on some.
    for (const [b, bidder] of bidders.entries()) {
      if (b === 2 && index % 2 === 1) continue;
      const at = new Date(now.getTime() - (3 + b) * HOUR - index * 60_000);
      await tx.insert(participations).values({
        tenderId: ids[index]!,
        supplierId: bidder.supplierId!,
        userId: bidder.id,
        createdAt: at,
      });
      await tx.insert(downloadLog).values({
        tenderId: ids[index]!,
        fileId: file!.id,
        fileName: file!.name,
        userId: bidder.id,
        username: bidder.username,
        supplierId: bidder.supplierId,
        ip: `10.0.0.${11 + b}`,
        createdAt: new Date(at.getTime() + 10 * 60_000),
      });
    }
  }
  // The invited tenders: their invitees signed up.
  for (const [index, spec] of SPECS.entries())
    if (spec[6])
      await tx.insert(participations).values({
        tenderId: ids[index]!,
        supplierId: bidders[0]!.supplierId!,
        userId: bidders[0]!.id,
        invitedBy: manager,
        createdAt: new Date(now.getTime() - 2 * DAY),
      });

  // The first tender was amended twice; the second amendment moved the deadline by 15 days' rule.
  const amended = ids[0]!;
  const deadline = new Date(now.getTime() + SPECS[0]![4] * HOUR);
  const earlier = new Date(deadline.getTime() - 3 * DAY);
  await tx.insert(amendments).values([
    {
      tenderId: amended,
      number: 1,
      reason: '澄清技术规范书第 3.2 条短路阻抗要求',
      changes: [{ field: 'description', before: '（略）', after: '（略）' }],
      deadlineBefore: earlier,
      deadlineAfter: earlier,
      openingBefore: earlier,
      openingAfter: earlier,
      createdBy: manager,
      createdAt: new Date(now.getTime() - 4 * DAY),
    },
    {
      tenderId: amended,
      number: 2,
      reason: '调整供货批次，投标截止时间相应顺延',
      changes: [
        { field: 'bidDeadline', before: earlier.toISOString(), after: deadline.toISOString() },
        { field: 'openingAt', before: earlier.toISOString(), after: deadline.toISOString() },
      ],
      deadlineBefore: earlier,
      deadlineAfter: deadline,
      openingBefore: earlier,
      openingAfter: deadline,
      deadlineExtended: true,
      createdBy: manager,
      createdAt: new Date(now.getTime() - 1 * DAY),
    },
  ]);
  return ids.length;
}
