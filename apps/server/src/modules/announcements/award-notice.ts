import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { and, desc, eq } from 'drizzle-orm';
import { CONTRACT_DEADLINE_DAYS, type AwardNotice } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import { announcements, awards, bids, suppliers, tenders } from '../../db/schema/index.js';
import { NotFound } from '../../lib/errors.js';
import { holdsPower, type AuthUser } from '../../plugins/auth.js';
import { formatTime } from '../bids/common.js';
import { inWords } from '../bids/opening.js';
import { DAY_MS } from './common.js';

const noticeNotFound = (tenderId: number) => new NotFound(`招标 ${tenderId} 没有中标通知书`);

/** The 中标通知书 of an awarded tender: its winner's users and the managers; anyone else 404. */
export async function awardNoticeData(
  deps: AppDeps,
  tenderId: number,
  user: AuthUser,
): Promise<AwardNotice> {
  const [row] = await deps.db
    .select({
      award: awards,
      tenderNo: tenders.tenderNo,
      tenderTitle: tenders.title,
      tenderCurrency: tenders.currency,
      bidCurrency: bids.currency,
      winnerName: suppliers.companyName,
    })
    .from(awards)
    .innerJoin(tenders, eq(tenders.id, awards.tenderId))
    .innerJoin(bids, eq(bids.id, awards.bidId))
    .innerJoin(suppliers, eq(suppliers.id, awards.supplierId))
    .where(eq(awards.tenderId, tenderId));
  if (!row) throw noticeNotFound(tenderId);
  const winner = user.supplierId !== null && user.supplierId === row.award.supplierId;
  if (!winner && !(await holdsPower(deps.db, user, 'menu:tender_list')))
    throw noticeNotFound(tenderId);
  const [result] = await deps.db
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(eq(announcements.tenderId, tenderId), eq(announcements.kind, 'result')))
    .orderBy(desc(announcements.id))
    .limit(1);
  const amount = Number(row.award.amount);
  return {
    tenderId,
    tenderNo: row.tenderNo,
    tenderTitle: row.tenderTitle,
    winnerSupplierId: row.award.supplierId,
    winnerName: row.winnerName,
    amount,
    amountInWords: inWords(amount),
    currency: row.bidCurrency ?? row.tenderCurrency,
    awardedAt: row.award.awardedAt.toISOString(),
    contractDeadline: new Date(
      row.award.awardedAt.getTime() + CONTRACT_DEADLINE_DAYS * DAY_MS,
    ).toISOString(),
    announcementId: result?.id ?? null,
  };
}

let fontBytes: Promise<Buffer> | undefined;
/** Noto Sans SC (OFL) from @expo-google-fonts/noto-sans-sc: a TTF fontkit reads; subset per PDF. */
function chineseFont() {
  fontBytes ??= readFile(
    createRequire(import.meta.url).resolve(
      '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    ),
  );
  return fontBytes;
}

/** Long lines broken by width (CJK text has no spaces to break at). */
function wrap(text: string, maxWidth: number, widthOf: (s: string) => number) {
  const lines: string[] = [];
  let line = '';
  for (const ch of Array.from(text)) {
    if (widthOf(line + ch) > maxWidth && line) {
      lines.push(line);
      line = ch;
    } else line += ch;
  }
  if (line) lines.push(line);
  return lines;
}

export async function awardNoticePdf(deps: AppDeps, tenderId: number, user: AuthUser) {
  const notice = await awardNoticeData(deps, tenderId, user);
  // Loaded on the first notice: ~40 MB resident that a server which never prints does not carry.
  const [{ PDFDocument, rgb }, { default: fontkit }] = await Promise.all([
    import('pdf-lib'),
    import('@pdf-lib/fontkit'),
  ]);
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(`中标通知书 ${notice.tenderNo}`);
  pdf.setCreationDate(new Date(notice.awardedAt));
  pdf.setModificationDate(new Date(notice.awardedAt));
  const font = await pdf.embedFont(await chineseFont(), { subset: true });
  const page = pdf.addPage([595.28, 841.89]); // A4
  const margin = 64;
  const width = page.getWidth() - margin * 2;
  let y = page.getHeight() - 96;
  const dark = rgb(0.1, 0.1, 0.1);

  const title = '中标通知书';
  const titleSize = 26;
  page.drawText(title, {
    x: (page.getWidth() - font.widthOfTextAtSize(title, titleSize)) / 2,
    y,
    size: titleSize,
    font,
    color: dark,
  });
  y -= 56;

  const size = 12.5;
  const lineHeight = 24;
  const paragraph = (text: string, indent = 0) => {
    for (const line of wrap(text, width - indent, (s) => font.widthOfTextAtSize(s, size))) {
      page.drawText(line, { x: margin + indent, y, size, font, color: dark });
      y -= lineHeight;
    }
  };
  const amount = `${notice.amount.toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${notice.currency}`;
  paragraph(`${notice.winnerName}：`);
  y -= 4;
  paragraph(
    `贵单位于“${notice.tenderTitle}”（招标编号：${notice.tenderNo}）项目中递交的投标文件，经评审，确定贵单位为中标人。`,
    25,
  );
  y -= 8;
  paragraph(`招标项目：${notice.tenderTitle}`, 25);
  paragraph(`招标编号：${notice.tenderNo}`, 25);
  paragraph(`中标金额：${amount}`, 25);
  paragraph(`金额大写：${notice.amountInWords}`, 25);
  paragraph(`定标日期：${formatTime(new Date(notice.awardedAt))}`, 25);
  y -= 8;
  paragraph(
    `请贵单位自本通知书发出之日起 ${CONTRACT_DEADLINE_DAYS} 日内（${formatTime(new Date(notice.contractDeadline))} 前），按照招标文件和投标文件与招标人订立书面合同。`,
    25,
  );
  y -= 40;
  const sign = `招标人（盖章）          ${formatTime(new Date(notice.awardedAt)).slice(0, 10)}`;
  page.drawText(sign, {
    x: page.getWidth() - margin - font.widthOfTextAtSize(sign, size),
    y,
    size,
    font,
    color: dark,
  });
  const bytes = await pdf.save();
  return { fileName: `中标通知书-${notice.tenderNo}.pdf`, body: Buffer.from(bytes) };
}
