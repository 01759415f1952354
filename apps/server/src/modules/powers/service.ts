import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { power as powerContract, type Power, type PowerType } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { interfaces, powers } from '../../db/schema/index.js';
import { type Actor, changedFields, recordAudit } from '../../lib/audit.js';
import { Conflict, Invalid, NotFound, conflictOnUnique } from '../../lib/errors.js';
import { BUILT_IN_POWER_CODES } from '../../db/built-in-powers.js';
import type { AuthUser } from '../../plugins/auth.js';
import { assertMayEditPower } from '../roles/delegation.js';

type PowerRow = typeof powers.$inferSelect;
const isBuiltInCode = (code: string | null | undefined) =>
  !!code && BUILT_IN_POWER_CODES.includes(code);
const toPower = ({ createdAt: _createdAt, ...row }: PowerRow): Power => ({
  ...row,
  builtIn: isBuiltInCode(row.code),
});

/** Nests rows under their superior; with `keep`, only matching rows and their ancestors. */
export function powerTree(rows: PowerRow[], keep?: (row: PowerRow) => boolean): Power[] {
  const byParent = new Map<number, PowerRow[]>();
  for (const row of rows) byParent.set(row.superior, [...(byParent.get(row.superior) ?? []), row]);
  const build = (superior: number): Power[] =>
    (byParent.get(superior) ?? []).flatMap((row) => {
      const children = build(row.id);
      if (keep && !keep(row) && children.length === 0) return [];
      return [{ ...toPower(row), ...(children.length ? { children } : {}) }];
    });
  return build(0);
}

const allPowers = (tx: Tx) => tx.select().from(powers).orderBy(asc(powers.sort), asc(powers.id));

export async function listPowers(
  { db }: AppDeps,
  filter: { type?: PowerType; keyword?: string } = {},
) {
  const keyword = filter.keyword?.toLowerCase();
  const matches = (row: PowerRow) =>
    (!filter.type || row.type === filter.type) &&
    (!keyword ||
      [row.title, row.powerUrl, row.code].some((v) => v?.toLowerCase().includes(keyword)));
  return powerTree(await allPowers(db), filter.type || keyword ? matches : undefined);
}

export async function getPower(tx: Tx, id: number) {
  const [row] = await tx.select().from(powers).where(eq(powers.id, id));
  if (!row) throw new NotFound(`权限 ${id} 不存在`);
  return toPower(row);
}

/** Powers that may be the parent of a power of this type; 0 (顶级) for groups. */
export async function superiorOptions({ db }: AppDeps, type: PowerType) {
  const allowed = powerContract.allowedSuperiorTypes[type];
  const parentTypes = allowed.filter((t): t is PowerType => t !== 'root');
  const rows = parentTypes.length
    ? await db
        .select({
          id: powers.id,
          title: powers.title,
          type: powers.type,
          superior: powers.superior,
        })
        .from(powers)
        .where(inArray(powers.type, parentTypes))
        .orderBy(asc(powers.sort), asc(powers.id))
    : [];
  const root = allowed.includes('root')
    ? [{ id: 0, title: '顶级', type: 'root' as const, superior: 0 }]
    : [];
  return [...root, ...rows];
}

type PowerFields = Omit<Power, 'id' | 'children' | 'builtIn'>;

const TYPE_LABEL = { group: '分组', menu: '菜单', button: '按钮' } as const;

/** One place for the tree's shape rules, used by insert and update. */
async function checkPlacement(tx: Tx, fields: PowerFields, id?: number) {
  const allowed = powerContract.allowedSuperiorTypes[fields.type];
  if (fields.superior === 0) {
    if (!allowed.includes('root'))
      throw new Invalid('superior', `${TYPE_LABEL[fields.type]}不能放在顶级，请选择上级权限`);
  } else {
    const [parent] = await tx.select().from(powers).where(eq(powers.id, fields.superior));
    if (!parent) throw new Invalid('superior', `上级权限 ${fields.superior} 不存在`);
    if (!allowed.includes(parent.type)) {
      throw new Invalid(
        'superior',
        `${TYPE_LABEL[fields.type]}不能放在${TYPE_LABEL[parent.type]}下，请选择其他上级权限`,
      );
    }
    if (id !== undefined) await checkNoCycle(tx, id, fields.superior);
  }
  if (fields.type !== 'button' && !fields.powerUrl)
    throw new Invalid('powerUrl', '分组和菜单必须填写路由路径');
  if (fields.type === 'button' && !fields.code)
    throw new Invalid('code', '按钮必须填写权限编码（如 user:export）');
  if (id !== undefined) {
    const children = await tx
      .select({ type: powers.type })
      .from(powers)
      .where(eq(powers.superior, id));
    const misplaced = children.find(
      (c) => !powerContract.allowedSuperiorTypes[c.type].includes(fields.type),
    );
    if (misplaced)
      throw new Conflict(`该权限下有 ${misplaced.type} 类型的下级，不能改为 ${fields.type}`);
  }
}

async function checkNoCycle(tx: Tx, id: number, superior: number) {
  let current = superior;
  for (let depth = 0; current !== 0 && depth < 50; depth++) {
    if (current === id) throw new Invalid('superior', '上级不能是自己或自己的下级');
    const [parent] = await tx
      .select({ superior: powers.superior })
      .from(powers)
      .where(eq(powers.id, current));
    current = parent?.superior ?? 0;
  }
}

const codeTaken = (code: string | null | undefined) =>
  new Conflict(`权限编码 ${code} 已存在`, 'code');

/**
 * A built-in power keeps its code, and no other power takes one (even of a built-in power an
 * administrator deleted): the server's access rules name these codes.
 */
function checkBuiltInCode(before: PowerFields | null, code: string | null) {
  if (before && isBuiltInCode(before.code) && code !== before.code)
    throw new Conflict(
      `内置权限「${before.title}」的编码 ${before.code} 由系统使用，不能修改`,
      'code',
    );
  if (isBuiltInCode(code) && code !== before?.code)
    throw new Conflict(`权限编码 ${code} 是系统内置权限的编码，不能使用`, 'code');
}

async function checkCodeFree(tx: Tx, code: string | null | undefined, exceptId?: number) {
  if (!code) return;
  const [taken] = await tx
    .select({ id: powers.id })
    .from(powers)
    .where(and(eq(powers.code, code), exceptId ? ne(powers.id, exceptId) : undefined));
  if (taken) throw codeTaken(code);
}

export async function insertPower(
  deps: AppDeps,
  input: z.output<typeof powerContract.insertPowerSchema>,
  actor: Actor,
) {
  const fields: PowerFields = {
    type: input.type,
    superior: input.superior,
    title: input.title,
    code: input.code || null,
    powerUrl: input.powerUrl || null,
    icon: input.icon || null,
    sort: input.sort,
    hidden: input.hidden,
  };
  return conflictOnUnique(codeTaken(fields.code), () =>
    deps.db.transaction(async (tx) => {
      await checkPlacement(tx, fields);
      checkBuiltInCode(null, fields.code);
      await checkCodeFree(tx, fields.code);
      const [row] = await tx.insert(powers).values(fields).returning();
      await recordAudit(tx, actor, {
        targetType: 'power',
        targetId: row!.id,
        after: toPower(row!),
      });
      return { id: row!.id };
    }),
  );
}

export async function updatePower(
  deps: AppDeps,
  input: z.output<typeof powerContract.updatePowerSchema>,
  caller: AuthUser,
  actor: Actor,
) {
  return conflictOnUnique(codeTaken(input.code), () =>
    deps.db.transaction(async (tx) => {
      const before = await getPower(tx, input.id);
      await assertMayEditPower(tx, caller, before);
      const id = input.id;
      const pick = <K extends keyof PowerFields>(key: K) =>
        (input[key] !== undefined ? input[key] : before[key]) as PowerFields[K];
      const fields: PowerFields = {
        type: pick('type'),
        superior: pick('superior'),
        title: pick('title'),
        code: pick('code'),
        powerUrl: pick('powerUrl'),
        icon: pick('icon'),
        sort: pick('sort'),
        hidden: pick('hidden'),
      };
      checkBuiltInCode(before, fields.code);
      await checkPlacement(tx, fields, id);
      await checkCodeFree(tx, fields.code, id);
      await tx.update(powers).set(fields).where(eq(powers.id, id));
      const after = await getPower(tx, id);
      await recordAudit(tx, actor, {
        targetType: 'power',
        targetId: id,
        ...changedFields(before, after),
      });
    }),
  );
}

/** Refused while children or interfaces hang on it: nothing is orphaned silently. */
export async function deletePower(deps: AppDeps, id: number, caller: AuthUser, actor: Actor) {
  await deps.db.transaction(async (tx) => {
    const before = await getPower(tx, id);
    await assertMayEditPower(tx, caller, before);
    const [{ children }] = (await tx
      .select({ children: count() })
      .from(powers)
      .where(eq(powers.superior, id))) as [{ children: number }];
    if (children > 0)
      throw new Conflict(`权限「${before.title}」下还有 ${children} 个下级，请先删除下级`);
    const [{ bound }] = (await tx
      .select({ bound: count() })
      .from(interfaces)
      .where(eq(interfaces.powerId, id))) as [{ bound: number }];
    if (bound > 0)
      throw new Conflict(`仍有 ${bound} 个接口绑定权限「${before.title}」，请先在接口管理中改绑`);
    await tx.delete(powers).where(eq(powers.id, id));
    await recordAudit(tx, actor, { targetType: 'power', targetId: id, before });
  });
}
