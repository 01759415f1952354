import { and, asc, count, eq, ilike, inArray, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { dictionary } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { dictItems, dictTypes } from '../../db/schema/index.js';
import { type Actor, changedFields, recordAudit } from '../../lib/audit.js';
import { Conflict, Invalid, NotFound, conflictOnUnique } from '../../lib/errors.js';
import { likePattern, offsetOf, pageOf, type PageQuery } from '../../lib/paging.js';
import { namesAField } from '../../lib/changes.js';

const itemCount = count(dictItems.id);
const selectTypes = (tx: Tx) =>
  tx
    .select({
      id: dictTypes.id,
      code: dictTypes.code,
      name: dictTypes.name,
      description: dictTypes.description,
      builtIn: dictTypes.builtIn,
      itemCount,
    })
    .from(dictTypes)
    .leftJoin(dictItems, eq(dictItems.typeCode, dictTypes.code))
    .groupBy(dictTypes.id);

const typeCodeTaken = (code: string) => new Conflict(`字典类型编码 ${code} 已存在`, 'code');

export async function listTypes({ db }: AppDeps, query: PageQuery & { keyword?: string }) {
  const pattern = query.keyword ? likePattern(query.keyword) : undefined;
  const where = pattern
    ? or(ilike(dictTypes.code, pattern), ilike(dictTypes.name, pattern))
    : undefined;
  const [list, [total]] = await Promise.all([
    selectTypes(db)
      .where(where)
      .orderBy(asc(dictTypes.id))
      .limit(query.pageSize)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(dictTypes).where(where),
  ]);
  return pageOf(list, total!.n, query);
}

async function getType(tx: Tx, id: number) {
  const [row] = await selectTypes(tx).where(eq(dictTypes.id, id));
  if (!row) throw new NotFound(`字典类型 ${id} 不存在`);
  return row;
}

async function typeByCode(tx: Tx, code: string) {
  const [row] = await tx.select().from(dictTypes).where(eq(dictTypes.code, code));
  if (!row) throw new NotFound(`字典类型 ${code} 不存在`);
  return row;
}

export async function insertType(
  deps: AppDeps,
  input: z.output<typeof dictionary.insertDictTypeSchema>,
  actor: Actor,
) {
  return conflictOnUnique(typeCodeTaken(input.code ?? ''), () =>
    deps.db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: dictTypes.id })
        .from(dictTypes)
        .where(eq(dictTypes.code, input.code));
      if (taken) throw typeCodeTaken(input.code!);
      const [row] = await tx
        .insert(dictTypes)
        .values({ code: input.code, name: input.name, description: input.description ?? null })
        .returning();
      await recordAudit(tx, actor, { targetType: 'dict_type', targetId: row!.id, after: row });
      return { id: row!.id };
    }),
  );
}

export async function updateType(
  deps: AppDeps,
  input: z.output<typeof dictionary.updateDictTypeSchema>,
  actor: Actor,
) {
  await conflictOnUnique(typeCodeTaken(input.code ?? ''), () =>
    deps.db.transaction(async (tx) => {
      const before = await getType(tx, input.id);
      if (input.code && input.code !== before.code) {
        if (before.builtIn)
          throw new Conflict(`内置字典类型 ${before.code} 的编码被业务使用，不能修改`);
        const [taken] = await tx
          .select({ id: dictTypes.id })
          .from(dictTypes)
          .where(and(eq(dictTypes.code, input.code), ne(dictTypes.id, input.id)));
        if (taken) throw typeCodeTaken(input.code!);
      }
      const id = input.id;
      const changes = { code: input.code, name: input.name, description: input.description };
      if (!namesAField(changes)) return;
      await tx.update(dictTypes).set(changes).where(eq(dictTypes.id, id));
      const after = await getType(tx, id);
      await recordAudit(tx, actor, {
        targetType: 'dict_type',
        targetId: id,
        ...changedFields(before, after),
      });
    }),
  );
}

export async function deleteType(deps: AppDeps, id: number, actor: Actor) {
  await deps.db.transaction(async (tx) => {
    const before = await getType(tx, id);
    if (before.builtIn) throw new Conflict(`字典类型 ${before.code} 被业务使用，不能删除`);
    if (before.itemCount > 0)
      throw new Conflict(
        `字典类型 ${before.code} 下还有 ${before.itemCount} 个字典项，请先删除字典项`,
      );
    await tx.delete(dictTypes).where(eq(dictTypes.id, id));
    await recordAudit(tx, actor, { targetType: 'dict_type', targetId: id, before });
  });
}

export async function listItems({ db }: AppDeps, typeCode: string) {
  await typeByCode(db, typeCode);
  return db
    .select()
    .from(dictItems)
    .where(eq(dictItems.typeCode, typeCode))
    .orderBy(asc(dictItems.sort), asc(dictItems.id));
}

/**
 * 400 naming `field` unless each value is an enabled item of the dictionary type. Values in
 * `alreadyHeld` pass even if their item was disabled since: editing a record keeps what it had.
 */
export async function checkDictionary(
  tx: Tx,
  field: string,
  typeCode: string,
  value: string | readonly string[] | null,
  alreadyHeld: readonly string[] = [],
) {
  if (value === null) return;
  const values = (typeof value === 'string' ? [value] : value).filter(
    (v) => !alreadyHeld.includes(v),
  );
  if (values.length === 0) return;
  const enabled = await tx
    .select({ value: dictItems.value })
    .from(dictItems)
    .where(
      and(
        eq(dictItems.typeCode, typeCode),
        inArray(dictItems.value, values),
        eq(dictItems.enabled, true),
      ),
    );
  const unknown = values.find((v) => !enabled.some((item) => item.value === v));
  if (unknown !== undefined)
    throw new Invalid(field, `${unknown} 不是字典「${typeCode}」中启用的值`);
}

async function getItem(tx: Tx, id: number) {
  const [row] = await tx.select().from(dictItems).where(eq(dictItems.id, id));
  if (!row) throw new NotFound(`字典项 ${id} 不存在`);
  return row;
}

const valueTaken = (typeCode: string, value: string) =>
  new Conflict(`字典类型 ${typeCode} 中已有值 ${value}`, 'value');

export async function insertItem(
  deps: AppDeps,
  input: z.output<typeof dictionary.insertDictItemSchema>,
  actor: Actor,
) {
  return conflictOnUnique(valueTaken(input.typeCode, input.value), () =>
    deps.db.transaction(async (tx) => {
      const type = await tx
        .select({ id: dictTypes.id })
        .from(dictTypes)
        .where(eq(dictTypes.code, input.typeCode));
      if (!type.length) throw new Invalid('typeCode', `字典类型 ${input.typeCode} 不存在`);
      const [taken] = await tx
        .select({ id: dictItems.id })
        .from(dictItems)
        .where(and(eq(dictItems.typeCode, input.typeCode), eq(dictItems.value, input.value)));
      if (taken) throw valueTaken(input.typeCode, input.value);
      const [row] = await tx
        .insert(dictItems)
        .values({
          typeCode: input.typeCode,
          label: input.label,
          value: input.value,
          sort: input.sort,
          enabled: input.enabled,
          tagColor: input.tagColor ?? null,
        })
        .returning();
      await recordAudit(tx, actor, { targetType: 'dict_item', targetId: row!.id, after: row });
      return { id: row!.id };
    }),
  );
}

export async function updateItem(
  deps: AppDeps,
  input: z.output<typeof dictionary.updateDictItemSchema>,
  actor: Actor,
) {
  await deps.db.transaction(async (tx) => {
    const before = await getItem(tx, input.id);
    if (input.value && input.value !== before.value) {
      const [taken] = await tx
        .select({ id: dictItems.id })
        .from(dictItems)
        .where(and(eq(dictItems.typeCode, before.typeCode), eq(dictItems.value, input.value)));
      if (taken) throw valueTaken(before.typeCode, input.value);
    }
    const id = input.id;
    const changes = {
      label: input.label,
      value: input.value,
      sort: input.sort,
      enabled: input.enabled,
      tagColor: input.tagColor,
    };
    if (!namesAField(changes)) return;
    await conflictOnUnique(valueTaken(before.typeCode, input.value ?? ''), () =>
      tx.update(dictItems).set(changes).where(eq(dictItems.id, id)),
    );
    const after = await getItem(tx, id);
    await recordAudit(tx, actor, {
      targetType: 'dict_item',
      targetId: id,
      ...changedFields(before, after),
    });
  });
}

export async function deleteItem(deps: AppDeps, id: number, actor: Actor) {
  await deps.db.transaction(async (tx) => {
    const before = await getItem(tx, id);
    await tx.delete(dictItems).where(eq(dictItems.id, id));
    await recordAudit(tx, actor, { targetType: 'dict_item', targetId: id, before });
  });
}
