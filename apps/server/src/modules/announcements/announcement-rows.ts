import { eq, sql } from 'drizzle-orm';
import {
  amountInWords,
  lotLabel,
  MIN_PUBLICITY_DAYS,
  type Announcement,
  type PublicityState,
} from '@tender/contracts';
import type { Tx } from '../../db/client.js';
import { announcements, lots, tenders } from '../../db/schema/index.js';
import { Invalid, NotFound } from '../../lib/errors.js';
import { iso } from '../../lib/paging.js';
import { richTextToPlain } from '../../lib/rich-text.js';
import { searchTextOf, searchVectorSql } from '../../lib/search-index.js';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const KIND_LABEL = { candidates: '中标候选人公示', result: '中标结果公告' } as const;

export const announcementNotFound = (id: number) => new NotFound(`中标公告 ${id} 不存在`);

export function selectAnnouncements(tx: Tx) {
  return tx
    .select({
      a: announcements,
      tenderNo: tenders.tenderNo,
      tenderTitle: tenders.title,
      tenderMandatory: tenders.mandatory,
      lotNo: lots.lotNo,
      lotName: lots.name,
      lotCount:
        sql<number>`(select count(*) from lots as l where l.tender_id = ${announcements.tenderId})`.mapWith(
          Number,
        ),
    })
    .from(announcements)
    .innerJoin(tenders, eq(tenders.id, announcements.tenderId))
    .innerJoin(lots, eq(lots.id, announcements.lotId));
}

/**
 * An announcement's title: the tender's, and on a tender of several lots the lot's label
 * ("标段 2：35kV 开关柜"), then what it announces.
 */
export const announcementTitle = (
  tenderTitle: string,
  lot: { lotNo: number; name: string },
  lotCount: number,
  kind: keyof typeof KIND_LABEL,
) => [tenderTitle, lotCount > 1 ? lotLabel(lot) : null, KIND_LABEL[kind]].filter(Boolean).join(' ');
export type AnnouncementRow = Awaited<ReturnType<typeof selectAnnouncements>>[number];

export function publicityStateOf(
  start: Date | null,
  end: Date | null,
  now: Date,
): PublicityState | null {
  if (!start || !end) return null;
  if (now < start) return 'before';
  if (now < end) return 'running';
  return 'ended';
}

export function toAnnouncement(row: AnnouncementRow, now: Date): Announcement {
  const { a } = row;
  const amount = a.amount === null ? null : Number(a.amount);
  return {
    id: a.id,
    tenderId: a.tenderId,
    tenderNo: row.tenderNo,
    tenderTitle: row.tenderTitle,
    lotId: a.lotId,
    lotNo: row.lotNo,
    lotName: row.lotName,
    lotCount: row.lotCount,
    kind: a.kind,
    title: a.title,
    content: a.content,
    candidates: a.candidates,
    winnerSupplierId: a.winnerSupplierId,
    winnerName: a.winnerName,
    amount,
    amountInWords: amount === null ? null : amountInWords(amount),
    publicityStart: iso(a.publicityStart),
    publicityEnd: iso(a.publicityEnd),
    publicityState: publicityStateOf(a.publicityStart, a.publicityEnd, now),
    status: a.status,
    revokeReason: a.revokeReason,
    publishedAt: iso(a.publishedAt),
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** The text the public search matches: title, tender number and title, names, plain content. */
export function announcementSearchColumns(a: {
  title: string;
  content: string;
  tenderNo: string;
  tenderTitle: string;
  winnerName?: string | null;
  candidates?: { supplierName: string }[];
}) {
  const searchText = searchTextOf([
    a.title,
    a.tenderNo,
    a.tenderTitle,
    a.winnerName,
    ...(a.candidates ?? []).map((c) => c.supplierName),
    richTextToPlain(a.content),
  ]);
  return { searchText, searchVector: searchVectorSql(searchText) };
}

/** Refills an announcement's search columns from its stored row (after an insert or update). */
export async function reindexAnnouncement(tx: Tx, id: number) {
  const [row] = await selectAnnouncements(tx).where(eq(announcements.id, id));
  if (!row) return;
  await tx
    .update(announcements)
    .set(
      announcementSearchColumns({
        title: row.a.title,
        content: row.a.content,
        tenderNo: row.tenderNo,
        tenderTitle: row.tenderTitle,
        winnerName: row.a.winnerName,
        candidates: row.a.candidates,
      }),
    )
    .where(eq(announcements.id, id));
}

/**
 * The publicity period: start defaults to now, end to start + 3 days; never shorter than three
 * days, and the end after the start (400 naming publicityEnd).
 */
export function publicityPeriod(
  start: Date,
  end: Date | null,
): { publicityStart: Date; publicityEnd: Date } {
  const publicityEnd = end ?? new Date(start.getTime() + MIN_PUBLICITY_DAYS * DAY_MS);
  if (publicityEnd.getTime() <= start.getTime())
    throw new Invalid('publicityEnd', '公示结束时间必须晚于公示开始时间');
  if (publicityEnd.getTime() - start.getTime() < MIN_PUBLICITY_DAYS * DAY_MS)
    throw new Invalid('publicityEnd', `公示期不得少于 ${MIN_PUBLICITY_DAYS} 天`);
  return { publicityStart: start, publicityEnd };
}

export const lockAnnouncement = async (tx: Tx, id: number) => {
  const [row] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update');
  return row ?? null;
};
