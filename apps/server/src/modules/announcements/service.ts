import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { formatDateTime, lotLabel, MIN_PUBLICITY_DAYS } from '@tender/contracts';
import { readEvaluation, type StoredEvaluation } from '@tender/contracts/evaluation';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { announcements, bids, objections, suppliers } from '../../db/schema/index.js';
import { recordAudit, type Actor } from '../../lib/audit.js';
import { Conflict, Invalid } from '../../lib/errors.js';
import { offsetOf, pageOf, type PageQuery } from '../../lib/paging.js';
import { sanitizeRichText } from '../../lib/rich-text.js';
import { keywordCondition } from '../../lib/search-index.js';
import type { AuthUser } from '../../plugins/auth.js';
import { lockTender, tenderNotFound } from '../../lib/tender-lock.js';
import { notify, usersOfParticipants } from '../notifications/service.js';
import { viewerOf } from '../tenders/access.js';
import { openedEntries } from '../opening/record-entries.js';
import { lotsOfTender, pickLot } from '../tenders/lots.js';
import {
  announcementNotFound,
  announcementTitle,
  DAY_MS,
  KIND_LABEL,
  lockAnnouncement,
  publicityPeriod,
  reindexAnnouncement,
  selectAnnouncements,
  toAnnouncement,
} from './announcement-rows.js';
import { candidatesContent } from './templates.js';
import {
  assertCandidatesFollowReport,
  candidatesDueAt,
  finalReport,
  isFinal,
  REPORT_NOT_FINAL,
} from './report-candidates.js';
import { latestReport } from '../evaluation/lot-state.js';

const searchColumns = { vector: announcements.searchVector, text: announcements.searchText };
const visibleToAll = inArray(announcements.status, ['published', 'revoked']);

/** Managers see every announcement; anyone else published and revoked ones only. */
async function isManager(deps: AppDeps, user: AuthUser) {
  return (await viewerOf(deps.db, user)).kind === 'manager';
}

export async function listAnnouncements(
  deps: AppDeps,
  query: PageQuery & {
    keyword?: string;
    status?: 'draft' | 'published' | 'revoked';
    kind?: 'candidates' | 'result';
    tenderId?: number;
  },
  user: AuthUser,
) {
  const now = deps.clock.now();
  const manager = await isManager(deps, user);
  const where = and(
    manager ? undefined : visibleToAll,
    query.status ? eq(announcements.status, query.status) : undefined,
    query.kind ? eq(announcements.kind, query.kind) : undefined,
    query.tenderId ? eq(announcements.tenderId, query.tenderId) : undefined,
    keywordCondition(query.keyword, searchColumns),
  );
  const [rows, [total]] = await Promise.all([
    selectAnnouncements(deps.db)
      .where(where)
      .orderBy(desc(announcements.updatedAt), desc(announcements.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    deps.db.select({ n: count() }).from(announcements).where(where),
  ]);
  return pageOf(
    rows.map((r) => toAnnouncement(r, now)),
    total!.n,
    query,
  );
}

export async function getAnnouncement(deps: AppDeps, id: number, user: AuthUser) {
  const manager = await isManager(deps, user);
  const [row] = await selectAnnouncements(deps.db).where(
    and(eq(announcements.id, id), manager ? undefined : visibleToAll),
  );
  if (!row) throw announcementNotFound(id);
  return toAnnouncement(row, deps.clock.now());
}

async function reread(deps: AppDeps, tx: Tx, id: number) {
  const [row] = await selectAnnouncements(tx).where(eq(announcements.id, id));
  return toAnnouncement(row!, deps.clock.now());
}

export async function updateAnnouncement(
  deps: AppDeps,
  input: {
    id: number;
    title?: string;
    content?: string;
    publicityStart?: string | null;
    publicityEnd?: string | null;
  },
  actor: Actor,
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await lockAnnouncement(tx, input.id);
    if (!before) throw announcementNotFound(input.id);
    if (before.status !== 'draft')
      throw new Conflict('只有草稿可以修改（已发布的公告可撤销后重新发布）');
    const changes: Partial<typeof announcements.$inferInsert> = { updatedAt: now };
    if (input.title !== undefined) changes.title = input.title;
    if (input.content !== undefined) changes.content = sanitizeRichText(input.content);
    if (input.publicityStart !== undefined || input.publicityEnd !== undefined) {
      const start =
        input.publicityStart === undefined
          ? before.publicityStart
          : input.publicityStart === null
            ? null
            : new Date(input.publicityStart);
      const end =
        input.publicityEnd === undefined
          ? before.publicityEnd
          : input.publicityEnd === null
            ? null
            : new Date(input.publicityEnd);
      if (before.kind === 'candidates' || start || end) {
        Object.assign(changes, publicityPeriod(start ?? now, end));
      } else {
        changes.publicityStart = null;
        changes.publicityEnd = null;
      }
    }
    await tx.update(announcements).set(changes).where(eq(announcements.id, input.id));
    await reindexAnnouncement(tx, input.id);
    const { updatedAt: _u, ...changed } = changes;
    await recordAudit(tx, actor, {
      targetType: 'announcement',
      targetId: input.id,
      before: Object.fromEntries(
        Object.keys(changed).map((k) => [k, before[k as keyof typeof before] ?? null]),
      ),
      after: changed,
    });
    return reread(deps, tx, input.id);
  });
}

/**
 * 发布: drafts only (a second publication is 409; so is a second live candidate publicity of
 * the same tender). A candidate publicity starts with it: a start
 * already past becomes now, keeping at least three days. Its tender's companies are told.
 */
export async function publishAnnouncement(deps: AppDeps, id: number, actor: Actor) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await lockAnnouncement(tx, id);
    if (!before) throw announcementNotFound(id);
    if (before.status === 'published') throw new Conflict('该公告已发布，不能重复发布');
    if (before.status !== 'draft') throw new Conflict('已撤销的公告不能再发布');
    const changes: Partial<typeof announcements.$inferInsert> = {
      status: 'published',
      publishedAt: now,
      updatedAt: now,
    };
    if (before.kind === 'candidates') {
      // One live publicity per lot: bidders and objections refer to it. A replacement waits
      // until the manager revokes the first with a reason of their own (revoking is never silent).
      await lockTender(tx, before.tenderId, 'update');
      const [live] = await tx
        .select({ id: announcements.id })
        .from(announcements)
        .where(
          and(
            eq(announcements.lotId, before.lotId),
            eq(announcements.kind, 'candidates'),
            eq(announcements.status, 'published'),
          ),
        );
      if (live)
        throw new Conflict(
          `${whichOf(await labelOf(tx, before))}已有已发布的中标候选人公示（公告 ${live.id}），请先撤销并注明原因，再发布新的公示`,
        );
      // The publicity runs from the publication (or the later planned start) for at least 3 days.
      const start =
        before.publicityStart && before.publicityStart > now ? before.publicityStart : now;
      const shortest = start.getTime() + MIN_PUBLICITY_DAYS * DAY_MS;
      changes.publicityStart = start;
      changes.publicityEnd =
        before.publicityEnd && before.publicityEnd.getTime() >= shortest
          ? before.publicityEnd
          : new Date(shortest);
    }
    await tx.update(announcements).set(changes).where(eq(announcements.id, id));
    await recordAudit(tx, actor, {
      targetType: 'announcement',
      targetId: id,
      before: { status: before.status },
      after: { status: 'published', publicityEnd: changes.publicityEnd ?? null },
    });
    const result = await reread(deps, tx, id);
    await notify(
      tx,
      await usersOfParticipants(tx, before.tenderId),
      before.kind === 'candidates' ? 'candidates_published' : 'award_result',
      `${result.tenderTitle}${result.lotCount > 1 ? ` ${lotLabel({ lotNo: result.lotNo, name: result.lotName })}` : ''}：${KIND_LABEL[before.kind]}已发布`,
      `/announcementDetail?id=${id}`,
      now,
    );
    return result;
  });
}

/** The lot's label on a tender of several lots (refusals name it), null on a one-lot tender. */
async function labelOf(tx: Tx, at: { tenderId: number; lotId: number }) {
  const tenderLots = await lotsOfTender(tx, at.tenderId);
  const lot = tenderLots.find((candidate) => candidate.id === at.lotId);
  return tenderLots.length > 1 && lot ? lotLabel(lot) : null;
}

/** "该招标", or "该标段（标段 2：…）" on a tender of several lots. */
const whichOf = (label: string | null) => (label ? `该标段（${label}）` : '该招标');

/** 撤销: published only, with a reason; it stays readable as revoked, with the reason. */
export async function revokeAnnouncement(
  deps: AppDeps,
  input: { id: number; reason: string },
  actor: Actor,
) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await lockAnnouncement(tx, input.id);
    if (!before) throw announcementNotFound(input.id);
    if (before.status === 'revoked') throw new Conflict('该公告已撤销');
    if (before.status !== 'published')
      throw new Conflict('只有已发布的公告可以撤销（草稿可直接修改）');
    await tx
      .update(announcements)
      .set({ status: 'revoked', revokeReason: input.reason, updatedAt: now })
      .where(eq(announcements.id, input.id));
    await recordAudit(tx, actor, {
      targetType: 'announcement',
      targetId: input.id,
      before: { status: before.status },
      after: { status: 'revoked', revokeReason: input.reason },
    });
    return reread(deps, tx, input.id);
  });
}

/**
 * 中标候选人公示, per lot: after the opening (the lot neither failed nor awarded), 1–3
 * candidates, each an opened valid bid of this lot, ranks 1..n each once, a reason each; on a
 * committee tender exactly the final report's candidates in its order. Creates a draft; on a
 * tender of several lots its title names the lot.
 */
export async function publishCandidates(
  deps: AppDeps,
  input: {
    id: number;
    lotId?: number;
    candidates: { bidId: number; rank: number; reason: string }[];
    publicityStart?: string | null;
    publicityEnd?: string | null;
  },
  user: AuthUser,
  actor: Actor,
) {
  const now = deps.clock.now();
  const ranks = input.candidates.map((c) => c.rank).sort((a, b) => a - b);
  if (ranks.some((rank, i) => rank !== i + 1))
    throw new Invalid('candidates', `名次须为 1 至 ${ranks.length} 且不重复`);
  if (new Set(input.candidates.map((c) => c.bidId)).size !== input.candidates.length)
    throw new Invalid('candidates', '同一投标不能重复推荐');
  const period = publicityPeriod(
    input.publicityStart ? new Date(input.publicityStart) : now,
    input.publicityEnd ? new Date(input.publicityEnd) : null,
  );
  return deps.db.transaction(async (tx) => {
    const tender = await lockTender(tx, input.id, 'update');
    if (!tender) throw tenderNotFound(input.id);
    const tenderLots = await lotsOfTender(tx, input.id);
    const lot = pickLot(tenderLots, input.lotId);
    const several = tenderLots.length > 1;
    const which = whichOf(several ? lotLabel(lot) : null);
    if (tender.status === 'failed' || lot.status === 'failed')
      throw new Conflict(`${which}已流标，不能公示中标候选人`);
    if (tender.status === 'awarded' || lot.status === 'awarded')
      throw new Conflict(`${which}已定标，不能再公示中标候选人`);
    if (tender.status !== 'opened') throw new Conflict('尚未开标，开标后才能公示中标候选人');
    // R 54 asks for the publicity within 3 days of the report. Past that it is still allowed
    // (refusing would leave the lot with no lawful way to an award) and recorded as late; the
    // tender's detail shows it overdue.
    let late = false;
    if (readEvaluation(tender.evaluation).committee) {
      const { report, candidates } = await finalReport(tx, lot.id);
      assertCandidatesFollowReport(input.candidates, candidates);
      late = now.getTime() > candidatesDueAt(report.finalAt).getTime();
    }

    const rows = await tx
      .select({ bid: bids, supplierName: suppliers.companyName })
      .from(bids)
      .innerJoin(suppliers, eq(suppliers.id, bids.supplierId))
      .where(
        and(
          eq(bids.tenderId, input.id),
          inArray(
            bids.id,
            input.candidates.map((c) => c.bidId),
          ),
        ),
      );
    const entries = (await openedEntries(tx, input.id, lot.id)) ?? [];
    const candidates = [...input.candidates]
      .sort((a, b) => a.rank - b.rank)
      .map((c) => {
        const row = rows.find((r) => r.bid.id === c.bidId);
        if (row && row.bid.lotId !== lot.id) {
          const other = tenderLots.find((candidate) => candidate.id === row.bid.lotId);
          throw new Invalid(
            'candidates',
            `投标 ${c.bidId} 是${other ? lotLabel(other) : '其他标段'}的投标，不能作为${lotLabel(lot)}的中标候选人`,
          );
        }
        const price = entries.find((e) => e.bidId === c.bidId)?.totalPrice ?? null;
        if (!row || row.bid.status !== 'opened' || price === null)
          throw new Invalid(
            'candidates',
            `投标 ${c.bidId} 不是本招标已开标的有效投标，不能作为中标候选人`,
          );
        return {
          rank: c.rank,
          bidId: c.bidId,
          supplierId: row.bid.supplierId,
          supplierName: row.supplierName,
          amount: price,
          reason: c.reason,
        };
      });

    const content = candidatesContent(tender, several ? lotLabel(lot) : null);
    const [created] = await tx
      .insert(announcements)
      .values({
        tenderId: input.id,
        lotId: lot.id,
        kind: 'candidates',
        title: announcementTitle(tender.title, lot, tenderLots.length, 'candidates'),
        content,
        candidates,
        ...period,
        status: 'draft',
        createdBy: user.userid,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: announcements.id });
    await reindexAnnouncement(tx, created!.id);
    await recordAudit(tx, actor, {
      targetType: 'announcement',
      targetId: created!.id,
      after: {
        tenderId: input.id,
        lotId: lot.id,
        kind: 'candidates',
        candidates: candidates.map((c) => ({
          rank: c.rank,
          bidId: c.bidId,
          supplier: c.supplierName,
        })),
        publicityStart: period.publicityStart,
        publicityEnd: period.publicityEnd,
        ...(late ? { candidatesOverdue: true } : {}),
      },
    });
    return { announcementId: created!.id };
  });
}

type AwardedTender = { id: number; mandatory: boolean; evaluation: StoredEvaluation };

/**
 * The award's gates for one lot, one rule for the refusal and for the screen that warns before
 * it: a committee tender's lot needs its final report; on a mandatory tender the lot needs a published, unrevoked candidate publicity of its own
 * of at least three days that has ended; no lot is awarded while an objection to its
 * announcements is unanswered. Null when the award may go ahead; `until` is when the reason
 * lifts by itself (the publicity's end).
 */
export async function awardBlockOf(
  tx: Tx,
  tender: AwardedTender,
  lotId: number,
  now: Date,
): Promise<{ reason: string; until: Date | null } | null> {
  const [open] = await tx
    .select({ n: count() })
    .from(objections)
    .innerJoin(announcements, eq(announcements.id, objections.announcementId))
    .where(
      and(
        eq(objections.tenderId, tender.id),
        eq(announcements.lotId, lotId),
        isNull(objections.answer),
      ),
    );
  const label = await labelOf(tx, { tenderId: tender.id, lotId });
  if (open!.n > 0)
    return {
      reason: `${whichOf(label)}有 ${open!.n} 条异议尚未答复，答复全部异议后才能定标`,
      until: null,
    };
  if (readEvaluation(tender.evaluation).committee && !isFinal(await latestReport(tx, lotId)))
    return { reason: REPORT_NOT_FINAL, until: null };
  if (!tender.mandatory) return null;
  const publicities = await tx
    .select({ start: announcements.publicityStart, end: announcements.publicityEnd })
    .from(announcements)
    .where(
      and(
        eq(announcements.lotId, lotId),
        eq(announcements.kind, 'candidates'),
        eq(announcements.status, 'published'),
      ),
    );
  const ended = publicities.some(
    (p) =>
      p.start &&
      p.end &&
      p.end.getTime() - p.start.getTime() >= MIN_PUBLICITY_DAYS * DAY_MS &&
      p.end.getTime() <= now.getTime(),
  );
  if (ended) return null;
  const running = publicities.find((p) => p.end && p.end.getTime() > now.getTime());
  const scope = label ? `（${label}）` : '';
  return running
    ? {
        reason: `依法必须招标的项目须待中标候选人公示期${scope}结束（${formatDateTime(running.end!)}）后才能定标`,
        until: running.end,
      }
    : {
        reason: `依法必须招标的项目须先发布中标候选人公示${scope}（不少于 3 天）并待公示期结束后才能定标`,
        until: null,
      };
}

/** Inside the award's transaction: refused (409) with the reason awardBlockOf gives. */
export async function assertAwardAllowed(tx: Tx, tender: AwardedTender, lotId: number, now: Date) {
  const block = await awardBlockOf(tx, tender, lotId, now);
  if (block) throw new Conflict(block.reason);
}

// Public reads: published (and, by id, revoked with its reason); never a draft.

export async function searchPublicAnnouncements(
  deps: AppDeps,
  query: PageQuery & { keyword?: string; kind?: 'candidates' | 'result' },
) {
  const now = deps.clock.now();
  const where = and(
    eq(announcements.status, 'published'),
    query.kind ? eq(announcements.kind, query.kind) : undefined,
    keywordCondition(query.keyword, searchColumns),
  );
  const [rows, [total]] = await Promise.all([
    selectAnnouncements(deps.db)
      .where(where)
      .orderBy(desc(announcements.publishedAt), desc(announcements.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    deps.db.select({ n: count() }).from(announcements).where(where),
  ]);
  return pageOf(
    rows.map((r) => {
      const { createdAt: _c, updatedAt: _u, ...rest } = toAnnouncement(r, now);
      return rest;
    }),
    total!.n,
    query,
  );
}

export async function getPublicAnnouncement(deps: AppDeps, id: number) {
  const [row] = await selectAnnouncements(deps.db).where(
    and(eq(announcements.id, id), visibleToAll),
  );
  if (!row) throw announcementNotFound(id);
  const { createdAt: _c, updatedAt: _u, ...rest } = toAnnouncement(row, deps.clock.now());
  return rest;
}
