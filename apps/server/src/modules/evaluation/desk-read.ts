import { and, eq, sql } from 'drizzle-orm';
import { maskAccount, type SameAccountWarning } from '@tender/contracts/bond';
import { readEvaluation } from '@tender/contracts/evaluation';
import type { Db } from '../../db/client.js';
import { preparedVariants } from '../../db/prepared.js';
import { committeeMembers, experts, tenders, users } from '../../db/schema/index.js';
import type { SheetReview, SheetScore } from '../../db/schema/index.js';
import { memberColumns, toMember, type MemberRow } from './members.js';
import type { DeskLot, DeskReport, EvaluatedBid } from './lot-state.js';

/**
 * get-sheet in one statement (issue 34): the desk of a 30-bid lot read the seat, the lots, the
 * opening, the report, the tender, the bids, the sheets, the members, the files, the open
 * questions and the bonds one query after another, fourteen round trips with the transaction's
 * own; each member's desk reloads often while the committee scores. Here every part is a
 * subquery of one prepared statement, read in one snapshot (no transaction needed), and the
 * checks and the view are the same as the desk's writes use (sheets.ts).
 */

type Json<T> = T | string | null;
/** A json column as the driver hands it: parsed (node-postgres, PGlite) or as text. */
const jsonOf = <T>(value: Json<T>, empty: T): T =>
  value === null ? empty : typeof value === 'string' ? (JSON.parse(value) as T) : value;

interface BidJson {
  bidId: number;
  supplierId: number;
  supplierName: string;
  status: EvaluatedBid['status'];
  totalPrice: string | null;
  currency: string | null;
  deliveryDays: number | null;
  warrantyMonths: number | null;
  remark: string | null;
  fileIds: number[] | null;
  submittedAt: string;
  rejectGrounds: string[] | null;
}

interface SheetJson {
  memberId: number;
  review: SheetReview[];
  scores: SheetScore[];
  savedAt: string;
  submittedAt: string | null;
  reopenReason: string | null;
}

/**
 * `lot`: the lot named by `lotId`, or (variant `first`, no lotId) the tender's first: pickLot
 * then refuses a tender of several lots without one, as the desk always did.
 */
const deskStatement = preparedVariants((db: Db, variant: string) => {
  const lotOfCall =
    variant === 'named'
      ? sql`select l.id from lots l where l.tender_id = ${committeeMembers.tenderId} and l.id = ${sql.placeholder('lotId')}`
      : sql`select l.id from lots l where l.tender_id = ${committeeMembers.tenderId} order by l.lot_no limit 1`;
  const lotId = sql`(${lotOfCall})`;
  return db
    .select({
      ...memberColumns,
      tenderNo: tenders.tenderNo,
      title: tenders.title,
      evaluation: tenders.evaluation,
      lotId: sql<number | null>`${lotId}`,
      lots: sql<
        Json<DeskLot[]>
      >`(select json_agg(json_build_object('id', l.id, 'lotNo', l.lot_no, 'name', l.name, 'status', l.status) order by l.lot_no) from lots l where l.tender_id = ${committeeMembers.tenderId})`,
      opened: sql<boolean>`exists (select 1 from opening_records o where o.tender_id = ${committeeMembers.tenderId})`,
      report: sql<
        Json<DeskReport>
      >`(select json_build_object('version', r.version, 'status', r.status) from evaluation_reports r where r.lot_id = ${lotId} order by r.version desc limit 1)`,
      bids: sql<Json<BidJson[]>>`(select json_agg(json_build_object(
          'bidId', b.id, 'supplierId', b.supplier_id, 'supplierName', s.company_name, 'status', b.status,
          'totalPrice', b.total_price::text, 'currency', b.currency, 'deliveryDays', b.delivery_days,
          'warrantyMonths', b.warranty_months, 'remark', b.remark, 'fileIds', b.file_ids,
          'submittedAt', b.submitted_at, 'rejectGrounds', b.reject_grounds
        ) order by b.submitted_at, b.id)
        from bids b join suppliers s on s.id = b.supplier_id
        where b.lot_id = ${lotId} and b.status in ('opened', 'rejected', 'won', 'lost'))`,
      files: sql<
        Json<{ id: number; name: string; size: number }[]>
      >`(select json_agg(json_build_object('id', f.id, 'name', f.name, 'size', f.size))
        from files f where f.id in (select unnest(b.file_ids) from bids b
          where b.lot_id = ${lotId} and b.status in ('opened', 'rejected', 'won', 'lost')))`,
      // Another member's review and scores only once the caller's own sheet is submitted: the
      // desk shows them no sooner (and a member still scoring reads one sheet, not nine).
      sheets: sql<Json<SheetJson[]>>`(select json_agg(json_build_object(
          'memberId', e.member_id, 'review', case when e.member_id = ${committeeMembers.id} or own.submitted then e.review else '[]'::jsonb end,
          'scores', case when e.member_id = ${committeeMembers.id} or own.submitted then e.scores else '[]'::jsonb end,
          'savedAt', e.saved_at, 'submittedAt', e.submitted_at, 'reopenReason', e.reopen_reason
        ) order by e.member_id)
        from evaluation_sheets e, (select exists (select 1 from evaluation_sheets o where o.lot_id = ${lotId}
          and o.member_id = ${committeeMembers.id} and o.void_at is null and o.submitted_at is not null) as submitted) own
        where e.lot_id = ${lotId} and e.void_at is null)`,
      active: sql<
        Json<{ id: number; userId: number; name: string; chair: boolean }[]>
      >`(select json_agg(json_build_object(
          'id', m.id, 'userId', m.user_id, 'name', coalesce(x.name, mu.real_name, ''), 'chair', m.chair
        ) order by m.id)
        from committee_members m join users mu on mu.id = m.user_id left join experts x on x.id = m.expert_id
        where m.committee_id = ${committeeMembers.committeeId} and m.status = 'active')`,
      openClarifications: sql<number>`(select count(*)::int from clarifications c
        where c.lot_id = ${lotId} and c.answer is null and c.answer_by > ${sql.placeholder('now')}::timestamptz)`,
      // When the first of them runs out: the count holds until then (sheet-cache.ts keeps it).
      openUntil: sql<string | Date | null>`(select min(c.answer_by) from clarifications c
        where c.lot_id = ${lotId} and c.answer is null and c.answer_by > ${sql.placeholder('now')}::timestamptz)`,
      sameAccounts: sql<
        Json<{ account: string; supplierNames: string[] }[]>
      >`(select json_agg(json_build_object('account', g.account, 'supplierNames', g.names) order by g.account)
        from (select bo.payer_account as account, array_agg(bs.company_name order by bs.company_name) as names
          from bonds bo join suppliers bs on bs.id = bo.supplier_id
          where bo.lot_id = ${lotId} and bo.status in ('declared', 'verified')
          group by bo.payer_account having count(*) > 1) g)`,
    })
    .from(committeeMembers)
    .innerJoin(users, eq(users.id, committeeMembers.userId))
    .leftJoin(experts, eq(experts.id, committeeMembers.expertId))
    .innerJoin(tenders, eq(tenders.id, committeeMembers.tenderId))
    .where(
      and(
        eq(committeeMembers.tenderId, sql.placeholder('tenderId')),
        eq(committeeMembers.userId, sql.placeholder('userId')),
        eq(committeeMembers.status, 'active'),
      ),
    )
    .prepare(`evaluation_desk_${variant}`);
});

/** Everything get-sheet shows of a lot, as one snapshot; undefined when the caller has no seat. */
export async function readDesk(
  db: Db,
  input: { tenderId: number; lotId?: number },
  userId: number,
  now: Date,
) {
  const statement = deskStatement(db, input.lotId === undefined ? 'first' : 'named');
  const [row] = await statement.execute({
    tenderId: input.tenderId,
    userId,
    lotId: input.lotId ?? null,
    now: now.toISOString(),
  });
  if (!row) return undefined;
  const member: MemberRow = toMember(row);
  const bids = jsonOf(row.bids, []).map((b): EvaluatedBid => ({
    ...b,
    submittedAt: new Date(b.submittedAt),
  }));
  const sheets = jsonOf(row.sheets, []).map((s) => ({
    ...s,
    savedAt: new Date(s.savedAt),
    submittedAt: s.submittedAt === null ? null : new Date(s.submittedAt),
  }));
  const files = jsonOf(row.files, []).map((f) => ({ ...f, size: Number(f.size) }));
  return {
    member,
    tender: { id: input.tenderId, tenderNo: row.tenderNo, title: row.title },
    evaluation: readEvaluation(row.evaluation),
    lotId: row.lotId,
    lots: jsonOf(row.lots, []),
    opened: row.opened,
    report: jsonOf<DeskReport | null>(row.report, null),
    bids,
    facts: {
      sheets,
      active: jsonOf(row.active, []),
      fileMap: new Map(files.map((f) => [f.id, f])),
      openClarifications: Number(row.openClarifications),
      openUntil: row.openUntil === null ? null : new Date(row.openUntil),
      accountWarnings: (lotId: number): SameAccountWarning[] =>
        jsonOf(row.sameAccounts, []).map((g) => ({
          lotId,
          account: maskAccount(g.account),
          supplierNames: g.supplierNames,
        })),
    },
  };
}
