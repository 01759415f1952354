import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import { formatDateTime, type committeeApi } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import {
  committeeDraws,
  committeeMembers,
  committees,
  experts,
  powers,
  rolePowers,
  roles,
  users,
} from '../../db/schema/index.js';
import { recordAudit, type Actor } from '../../lib/audit.js';
import { drawOrder, drawSeats, eligibleDigest, newDrawSeed } from '../../lib/committee-draw.js';
import { Conflict, Invalid, NotFound, conflictOnUnique } from '../../lib/errors.js';
import { lockTender, tenderNotFound } from '../../lib/tender-lock.js';
import type { AuthUser } from '../../plugins/auth.js';
import { checkDictionary } from '../dictionary/service.js';
import { committeeView } from './committee-view.js';
import { eligibleExpertIds, tooFewExperts } from './eligible-experts.js';
import { SPECIALTY_DICTIONARY, usersOfExperts } from './experts.js';
import { evaluationOf } from './lot-state.js';
import { committeeOfTender } from './members.js';

/**
 * 组建评标委员会 (EVALUATION.md §2, "Forming the committee"): the initial draw with its rules,
 * the record every draw leaves, and verify-draw, which recomputes every draw from its record.
 */

type DrawInput = z.output<typeof committeeApi.drawCommitteeSchema>;
type Tender = NonNullable<Awaited<ReturnType<typeof lockTender>>>;

/** The buyer's representatives are tender managers: those whose role holds this power. */
const MANAGER_POWER = 'menu:tender_list';

/** One random draw, recorded so that anyone can recompute it: the seed and the eligible list. */
export async function recordDraw(
  tx: Tx,
  committeeId: number,
  kind: 'initial' | 'refill',
  eligible: number[],
  seats: { members: number; standbys: number },
  now: Date,
  by: number,
) {
  const seed = newDrawSeed();
  const drawn = drawSeats(seed, eligible, seats);
  const [row] = await tx
    .insert(committeeDraws)
    .values({
      committeeId,
      kind,
      seed,
      eligibleIds: eligible,
      eligibleDigest: drawn.eligibleDigest,
      seats: drawn.members.length + drawn.standbys.length,
      drawnIds: [...drawn.members, ...drawn.standbys],
      drawnAt: now,
      drawnBy: by,
    })
    .returning({ id: committeeDraws.id });
  return { drawId: row!.id, seed, ...drawn };
}

const STATUS_REFUSAL: Partial<Record<string, string>> = {
  draft: '招标项目尚未发布，不能组建评标委员会',
  cancelled: '招标项目已取消，不能组建评标委员会',
  failed: '招标项目已流标，不能组建评标委员会',
  awarded: '招标项目已定标，不能组建评标委员会',
};

const alreadyFormed = () =>
  new Conflict('该招标项目已组建评标委员会，不能重复抽取（成员变动请使用“更换委员”）');

async function assertMayForm(tx: Tx, tender: Tender, now: Date) {
  const refusal = STATUS_REFUSAL[tender.status];
  if (refusal) throw new Conflict(refusal);
  if (!(await evaluationOf(tx, tender.id)).committee)
    throw new Conflict('该招标项目由招标人自行定标（评标设置未要求评标委员会），不能抽取评标专家');
  if (now.getTime() < tender.bidDeadline.getTime())
    throw new Conflict(
      `投标截止时间（${formatDateTime(tender.bidDeadline)}）之前不能组建评标委员会：截止后报名名单才确定`,
    );
  if (await committeeOfTender(tx, tender.id)) throw alreadyFormed();
}

async function assertRepresentatives(tx: Tx, size: number, ids: number[]) {
  const most = Math.floor(size / 3);
  if (ids.length > most)
    throw new Invalid(
      'representativeIds',
      `招标人代表最多 ${most} 人（成员 ${size} 人的三分之一，专家不得少于三分之二），现为 ${ids.length} 人`,
    );
  const twice = ids.find((id, index) => ids.indexOf(id) !== index);
  if (twice !== undefined) throw new Invalid('representativeIds', `招标人代表 ${twice} 重复`);
  if (ids.length === 0) return;
  const managers = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .innerJoin(rolePowers, eq(rolePowers.roleId, users.roleId))
    .innerJoin(powers, eq(powers.id, rolePowers.powerId))
    .where(
      and(
        inArray(users.id, ids),
        eq(powers.code, MANAGER_POWER),
        eq(users.status, 'enabled'),
        eq(roles.status, 'enabled'),
      ),
    );
  const other = ids.find((id) => !managers.some((manager) => manager.id === id));
  if (other !== undefined)
    throw new Invalid(
      'representativeIds',
      `用户 ${other} 不是启用的招标管理员，不能作为招标人代表`,
    );
}

/** Size, representatives, chair and specialties, checked against the tender. */
async function planCommittee(tx: Tx, tender: Tender, input: DrawInput) {
  if (tender.mandatory && input.size < 5)
    throw new Invalid('size', '依法必须招标的项目评标委员会成员人数为五人以上单数');
  await assertRepresentatives(tx, input.size, input.representativeIds);
  const expertSeats = input.size - input.representativeIds.length;
  if (input.chairExpertRank > expertSeats)
    throw new Invalid(
      'chairExpertRank',
      `组长序号最大为 ${expertSeats}（本次抽取 ${expertSeats} 名专家），现为 ${input.chairExpertRank}`,
    );
  const specialties = [
    ...new Set(input.specialties.length ? input.specialties : [tender.category]),
  ];
  await checkDictionary(tx, 'specialties', SPECIALTY_DICTIONARY, specialties);
  return { expertSeats, specialties };
}

/**
 * The draw: once per tender, after the bid deadline, under the tender's lock (the committee's
 * key on the tender backs it). Members in drawn order (the chair at its rank), then the
 * representatives, then the standbys by rank; fewer standbys when the pool runs short.
 */
export async function drawCommittee(deps: AppDeps, input: DrawInput, user: AuthUser, actor: Actor) {
  const now = deps.clock.now();
  return conflictOnUnique(alreadyFormed(), () =>
    deps.db.transaction(async (tx) => {
      const tender = await lockTender(tx, input.tenderId, 'update');
      if (!tender) throw tenderNotFound(input.tenderId);
      await assertMayForm(tx, tender, now);
      const plan = await planCommittee(tx, tender, input);
      const eligible = await eligibleExpertIds(tx, tender.id, plan.specialties, now, {
        exceptUserIds: input.representativeIds,
      });
      if (eligible.length < plan.expertSeats)
        throw tooFewExperts(plan.expertSeats, eligible.length);
      const standbys = Math.min(input.standbys, eligible.length - plan.expertSeats);
      const [committee] = await tx
        .insert(committees)
        .values({
          tenderId: tender.id,
          size: input.size,
          specialties: plan.specialties,
          standbys,
          createdAt: now,
          createdBy: user.userid,
        })
        .returning();
      const draw = await recordDraw(
        tx,
        committee!.id,
        'initial',
        eligible,
        { members: plan.expertSeats, standbys },
        now,
        user.userid,
      );
      const userOf = await usersOfExperts(tx, [...draw.members, ...draw.standbys]);
      const seat = { committeeId: committee!.id, tenderId: tender.id, joinedAt: now };
      await tx.insert(committeeMembers).values([
        ...draw.members.map((expertId, index) => ({
          ...seat,
          userId: userOf.get(expertId)!,
          expertId,
          kind: 'expert' as const,
          chair: index === input.chairExpertRank - 1,
          status: 'active' as const,
          drawId: draw.drawId,
        })),
        ...input.representativeIds.map((userId) => ({
          ...seat,
          userId,
          kind: 'representative' as const,
          status: 'active' as const,
        })),
        ...draw.standbys.map((expertId, index) => ({
          ...seat,
          userId: userOf.get(expertId)!,
          expertId,
          kind: 'expert' as const,
          status: 'standby' as const,
          drawId: draw.drawId,
          standbyRank: index + 1,
        })),
      ]);
      await recordAudit(tx, actor, {
        targetType: 'committee',
        targetId: committee!.id,
        after: {
          tenderId: tender.id,
          size: input.size,
          specialties: plan.specialties,
          drawId: draw.drawId,
          seed: draw.seed,
          eligibleDigest: draw.eligibleDigest,
          eligibleIds: eligible,
          memberExpertIds: draw.members,
          chairExpertId: draw.members[input.chairExpertRank - 1],
          representativeIds: input.representativeIds,
          standbyExpertIds: draw.standbys,
          ...(standbys < input.standbys
            ? {
                standbysShort: `备选专家应抽 ${input.standbys} 名，合格专家仅够抽取 ${standbys} 名`,
              }
            : {}),
        },
      });
      return committeeView(tx, committee!);
    }),
  );
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, index) => id === b[index]);

const SEED_SHAPE = /^[0-9a-f]{64}$/;

/**
 * Recomputes every draw of the tender's committee from its recorded seed and eligible list and
 * compares the order with the experts its member rows seat (in seat order). A row whose login
 * is not its expert's, or a record altered after the draw, does not match.
 */
export async function verifyDraw({ db }: AppDeps, tenderId: number) {
  const committee = await committeeOfTender(db, tenderId);
  if (!committee) throw new NotFound(`招标项目 ${tenderId} 尚未组建评标委员会`);
  const draws = await db
    .select()
    .from(committeeDraws)
    .where(eq(committeeDraws.committeeId, committee.id))
    .orderBy(asc(committeeDraws.id));
  const seats = await db
    .select({
      drawId: committeeMembers.drawId,
      expertId: committeeMembers.expertId,
      userId: committeeMembers.userId,
      expertUserId: experts.userId,
    })
    .from(committeeMembers)
    .leftJoin(experts, eq(experts.id, committeeMembers.expertId))
    .where(and(eq(committeeMembers.committeeId, committee.id), isNotNull(committeeMembers.drawId)))
    .orderBy(asc(committeeMembers.id));
  const recomputed = draws.map((draw) => {
    const digestMatches = eligibleDigest(draw.eligibleIds) === draw.eligibleDigest;
    const drawnIds = SEED_SHAPE.test(draw.seed)
      ? drawOrder(draw.seed, draw.eligibleIds).slice(0, draw.seats)
      : [];
    const seated = seats.filter((row) => row.drawId === draw.id);
    const recordedIds = seated.map((row) => row.expertId ?? 0);
    const rowsHonest = seated.every(
      (row) => row.expertId !== null && row.expertUserId === row.userId,
    );
    const matches =
      digestMatches &&
      rowsHonest &&
      drawnIds.length === draw.seats &&
      sameIds(drawnIds, recordedIds) &&
      sameIds(drawnIds, draw.drawnIds);
    return { drawId: draw.id, kind: draw.kind, digestMatches, drawnIds, recordedIds, matches };
  });
  return { matches: recomputed.every((draw) => draw.matches), recomputed };
}
