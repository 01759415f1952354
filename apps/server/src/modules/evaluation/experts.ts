import { and, asc, count, eq, ilike, inArray, not, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { formatDate, type expertApi } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { committeeMembers, experts, roles, users } from '../../db/schema/index.js';
import { changedFields, recordAudit, type Actor } from '../../lib/audit.js';
import { Invalid, NotFound, conflictOnUnique } from '../../lib/errors.js';
import { iso, likePattern, offsetOf, pageOf } from '../../lib/paging.js';
import { assertPasswordNotGuessable, hashPassword } from '../../lib/password.js';
import { checkDictionary } from '../dictionary/service.js';
import { checkUsernameFree, usernameTaken } from '../users/service.js';

/**
 * 专家库 (EVALUATION.md §2, "The expert pool"): each expert is a login of role
 * `evaluation_expert` and a profile; managers and administrators keep the pool.
 */

type InsertExpert = z.output<typeof expertApi.insertExpertSchema>;
type UpdateExpert = z.output<typeof expertApi.updateExpertSchema>;
type ListQuery = z.output<typeof expertApi.listExpertQuery>;
type ExpertStatus = expertApi.ExpertStatus;

export const EXPERT_ROLE = 'evaluation_expert';
/** Specialties are the tender categories: a draw matches them against the tender's. */
export const SPECIALTY_DICTIONARY = 'tender_category';

/** Today in Beijing ("2026-09-01"): a suspension's last day is a Beijing calendar day. */
export const beijingToday = (now: Date) => formatDate(now);

/** A suspension whose last day has passed reads as active: it lifts by the clock, no job. */
export function effectiveExpertStatus(
  row: { status: ExpertStatus; suspendUntil: string | null },
  today: string,
): ExpertStatus {
  if (row.status === 'suspended' && row.suspendUntil !== null && row.suspendUntil < today)
    return 'active';
  return row.status;
}

/** The same rule in SQL, for the list's filter and the draw's eligibility. */
export const expertActiveSql = (today: string) =>
  sql<boolean>`(${experts.status} = 'active' or (${experts.suspendUntil} is not null and ${experts.suspendUntil} < ${today}::date))`;

const expertColumns = {
  id: experts.id,
  userId: experts.userId,
  username: users.username,
  name: experts.name,
  phone: experts.phone,
  employer: experts.employer,
  employerCreditCode: experts.employerCreditCode,
  title: experts.title,
  years: experts.years,
  specialties: experts.specialties,
  status: experts.status,
  suspendReason: experts.suspendReason,
  suspendUntil: experts.suspendUntil,
  createdAt: experts.createdAt,
  /** Committees it sat on: seated now or replaced later (a recusal or a standby never sat). */
  committeeCount: sql<number>`(select count(distinct ${committeeMembers.committeeId})::int from ${committeeMembers} where ${committeeMembers.expertId} = ${experts.id} and ${committeeMembers.status} in ('active', 'replaced'))`,
};

const selectExperts = (tx: Tx) =>
  tx.select(expertColumns).from(experts).innerJoin(users, eq(users.id, experts.userId));

type ExpertRow = Awaited<ReturnType<ReturnType<typeof selectExperts>['execute']>>[number];

function toExpert(row: ExpertRow, today: string): expertApi.Expert {
  const status = effectiveExpertStatus(row, today);
  const suspended = status === 'suspended';
  return {
    id: row.id,
    userid: row.userId,
    username: row.username,
    name: row.name,
    phone: row.phone,
    employer: row.employer,
    employerCreditCode: row.employerCreditCode,
    title: row.title,
    years: row.years,
    specialties: row.specialties,
    status,
    suspendReason: suspended ? row.suspendReason : null,
    suspendUntil: suspended ? row.suspendUntil : null,
    committeeCount: Number(row.committeeCount),
    createdAt: iso(row.createdAt)!,
  };
}

export async function getExpert(tx: Tx, id: number, now: Date) {
  const [row] = await selectExperts(tx).where(eq(experts.id, id));
  if (!row) throw new NotFound(`评标专家 ${id} 不存在`);
  return toExpert(row, beijingToday(now));
}

export async function listExperts({ db, clock }: AppDeps, query: ListQuery) {
  const today = beijingToday(clock.now());
  const keyword = query.keyword ? likePattern(query.keyword) : undefined;
  const where = and(
    keyword
      ? or(
          ilike(experts.name, keyword),
          ilike(experts.employer, keyword),
          ilike(experts.title, keyword),
        )
      : undefined,
    query.specialty ? sql`${query.specialty} = any(${experts.specialties})` : undefined,
    query.status === 'active' ? expertActiveSql(today) : undefined,
    query.status === 'suspended' ? not(expertActiveSql(today)) : undefined,
  );
  const rows = await selectExperts(db)
    .where(where)
    .orderBy(asc(experts.id))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  const [counted] = await db.select({ n: count() }).from(experts).where(where);
  return pageOf(
    rows.map((row) => toExpert(row, today)),
    counted!.n,
    query,
  );
}

async function expertRoleId(tx: Tx) {
  const [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.roleName, EXPERT_ROLE));
  if (!role) throw new Error('evaluation_expert role missing: the seed did not run');
  return role.id;
}

/** The login of each expert, to seat it. */
export async function usersOfExperts(tx: Tx, expertIds: number[]) {
  if (expertIds.length === 0) return new Map<number, number>();
  const rows = await tx
    .select({ id: experts.id, userId: experts.userId })
    .from(experts)
    .where(inArray(experts.id, expertIds));
  return new Map(rows.map((row) => [row.id, row.userId]));
}

const distinct = (values: string[]) => [...new Set(values)];

/** The login (role evaluation_expert) and the profile, in one transaction. */
export async function insertExpert(deps: AppDeps, input: InsertExpert, actor: Actor) {
  assertPasswordNotGuessable(input.password, input.username);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  return conflictOnUnique(usernameTaken(input.username), () =>
    deps.db.transaction(async (tx) => {
      await checkUsernameFree(tx, input.username);
      await checkDictionary(tx, 'specialties', SPECIALTY_DICTIONARY, input.specialties);
      const [user] = await tx
        .insert(users)
        .values({
          username: input.username,
          passwordHash,
          realName: input.name,
          phone: input.phone,
          roleId: await expertRoleId(tx),
        })
        .returning({ id: users.id });
      const [row] = await tx
        .insert(experts)
        .values({
          userId: user!.id,
          name: input.name,
          phone: input.phone,
          employer: input.employer,
          employerCreditCode: input.employerCreditCode ?? null,
          title: input.title,
          years: input.years,
          specialties: distinct(input.specialties),
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: experts.id });
      const created = await getExpert(tx, row!.id, now);
      await recordAudit(tx, actor, { targetType: 'expert', targetId: row!.id, after: created });
      return { id: row!.id, userid: user!.id };
    }),
  );
}

/** "2026-02-30" has the shape of a day but is none. */
function assertRealDay(day: string) {
  const parsed = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day)
    throw new Invalid('suspendUntil', `暂停截止日期 ${day} 不是有效日期`);
}

/**
 * The status columns after an update: suspending needs a reason and an end not before today;
 * reactivating clears both, so a lapsed suspension leaves nothing behind.
 */
function suspensionAfter(before: expertApi.Expert, input: UpdateExpert, today: string) {
  const status = input.status ?? before.status;
  if (status === 'active') {
    if (input.suspendReason)
      throw new Invalid('suspendReason', '专家为可抽取状态时不能填写暂停原因（暂停时才填写）');
    if (input.suspendUntil)
      throw new Invalid('suspendUntil', '专家为可抽取状态时不能填写暂停截止日期（暂停时才填写）');
    return { status, suspendReason: null, suspendUntil: null };
  }
  const reason = input.suspendReason !== undefined ? input.suspendReason : before.suspendReason;
  if (!reason) throw new Invalid('suspendReason', '暂停专家必须填写暂停原因');
  const until = input.suspendUntil !== undefined ? input.suspendUntil : before.suspendUntil;
  if (until !== null) {
    assertRealDay(until);
    if (until < today)
      throw new Invalid('suspendUntil', `暂停截止日期 ${until} 不能早于今天（${today}）`);
  }
  return { status, suspendReason: reason, suspendUntil: until };
}

export async function updateExpert(deps: AppDeps, input: UpdateExpert, actor: Actor) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await getExpert(tx, input.id, now);
    if (input.specialties)
      await checkDictionary(
        tx,
        'specialties',
        SPECIALTY_DICTIONARY,
        input.specialties,
        before.specialties,
      );
    await tx
      .update(experts)
      .set({
        name: input.name,
        phone: input.phone,
        employer: input.employer,
        employerCreditCode: input.employerCreditCode,
        title: input.title,
        years: input.years,
        specialties: input.specialties && distinct(input.specialties),
        ...suspensionAfter(before, input, beijingToday(now)),
        updatedAt: now,
      })
      .where(eq(experts.id, input.id));
    // The login carries the same name and phone (the user list, the audit log show them).
    if (input.name !== undefined || input.phone !== undefined)
      await tx
        .update(users)
        .set({ realName: input.name, phone: input.phone, updatedAt: now })
        .where(eq(users.id, before.userid));
    const after = await getExpert(tx, input.id, now);
    await recordAudit(tx, actor, {
      targetType: 'expert',
      targetId: input.id,
      ...changedFields(before, after),
    });
    return after;
  });
}
