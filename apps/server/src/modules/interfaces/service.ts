import { and, asc, count, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { apiInterface } from '@tender/contracts';
import type { AppDeps } from '../../app-deps.js';
import type { Tx } from '../../db/client.js';
import { interfaces, powers } from '../../db/schema/index.js';
import { type Actor, changedFields, recordAudit } from '../../lib/audit.js';
import { Conflict, Forbidden, Invalid, NotFound, conflictOnUnique } from '../../lib/errors.js';
import { likePattern, offsetOf, pageOf, type PageQuery } from '../../lib/paging.js';
import type { RegisteredRoute } from '../../plugins/route.js';
import type { AuthUser } from '../../plugins/auth.js';
import { ADMIN_POWER_GROUPS } from '../../db/built-in-powers.js';
import { namesAField } from '../../lib/changes.js';

/** Whether the power sits under one of the administrators' own groups. */
async function isAdminPower(tx: Tx, powerId: number) {
  const all = await tx
    .select({ id: powers.id, superior: powers.superior, code: powers.code })
    .from(powers);
  const byId = new Map(all.map((p) => [p.id, p]));
  // Bounded by the number of powers, should a bad row ever make a cycle.
  let p = byId.get(powerId);
  for (let step = 0; p && step <= all.length; step++, p = byId.get(p.superior)) {
    if (p.code && ADMIN_POWER_GROUPS.includes(p.code)) return true;
  }
  return false;
}

type ListFilter = Partial<PageQuery> & { keyword?: string; powerId?: number; method?: string };

const selectInterfaces = (tx: Tx) =>
  tx
    .select({
      id: interfaces.id,
      name: interfaces.name,
      method: interfaces.method,
      url: interfaces.url,
      powerId: interfaces.powerId,
      powerTitle: powers.title,
      open: interfaces.open,
      description: interfaces.description,
      builtIn: interfaces.builtIn,
    })
    .from(interfaces)
    .leftJoin(powers, eq(powers.id, interfaces.powerId));

export function createInterfaceService(routes: () => RegisteredRoute[]) {
  const isRouted = (method: string, url: string) =>
    routes().some((r) => r.method === method && r.url === url);
  type Row = Awaited<ReturnType<ReturnType<typeof selectInterfaces>['execute']>>[number];
  const toInterface = (row: Row) => ({
    ...row,
    method: row.method as never,
    routed: isRouted(row.method, row.url),
  });

  async function get(tx: Tx, id: number) {
    const [row] = await selectInterfaces(tx).where(eq(interfaces.id, id));
    if (!row) throw new NotFound(`接口 ${id} 不存在`);
    return toInterface(row);
  }

  async function checkPower(tx: Tx, powerId: number | null | undefined) {
    if (!powerId) return;
    const [found] = await tx.select({ id: powers.id }).from(powers).where(eq(powers.id, powerId));
    if (!found) throw new Invalid('powerId', `权限 ${powerId} 不存在`);
  }

  /**
   * Opening an interface to every user, or moving it to another power, changes who may call
   * it: only admin decides that, and an administration screen's interface is never opened
   * (an open update-admin-password-by-id would let any bidder reset the admin's password).
   */
  async function checkAccessChange(
    tx: Tx,
    caller: AuthUser,
    change: { open: boolean; powerId: number | null },
    before?: { open: boolean; powerId: number | null },
  ) {
    const rebinds = before ? change.powerId !== before.powerId : change.powerId !== null;
    const opens = before ? change.open !== before.open : change.open;
    if (!caller.isAdmin && rebinds) throw new Forbidden('只有管理员可以修改接口绑定的权限');
    if (!caller.isAdmin && opens) throw new Forbidden('只有管理员可以修改接口的开放标记');
    if (change.open && change.powerId && (await isAdminPower(tx, change.powerId)))
      throw new Invalid('open', '系统管理与权限管理的接口不能对所有用户开放');
  }

  const taken = (method: string, url: string) =>
    new Conflict(`接口 ${method} ${url} 已存在`, 'url');
  async function checkFree(tx: Tx, method: string, url: string, exceptId?: number) {
    const [row] = await tx
      .select({ id: interfaces.id })
      .from(interfaces)
      .where(and(eq(interfaces.method, method), eq(interfaces.url, url)));
    if (row && row.id !== exceptId) throw taken(method, url);
  }
  const uniquely = <T>(method: string, url: string, work: () => Promise<T>) =>
    conflictOnUnique(taken(method, url), work);

  return {
    get,
    async list({ db }: AppDeps, filter: ListFilter) {
      const paging = { pageNum: filter.pageNum ?? 1, pageSize: filter.pageSize ?? 10 };
      const conditions: SQL[] = [];
      if (filter.keyword) {
        const pattern = likePattern(filter.keyword);
        conditions.push(or(ilike(interfaces.name, pattern), ilike(interfaces.url, pattern))!);
      }
      // powerId 0 lists the interfaces bound to no power (reachable by admin only).
      if (filter.powerId === 0) conditions.push(isNull(interfaces.powerId));
      else if (filter.powerId) conditions.push(eq(interfaces.powerId, filter.powerId));
      if (filter.method) conditions.push(eq(interfaces.method, filter.method));
      const where = conditions.length ? and(...conditions) : undefined;
      const [rows, [total]] = await Promise.all([
        selectInterfaces(db)
          .where(where)
          .orderBy(asc(interfaces.url), asc(interfaces.method))
          .limit(paging.pageSize)
          .offset(offsetOf(paging)),
        db.select({ n: count() }).from(interfaces).where(where),
      ]);
      return pageOf(rows.map(toInterface), total!.n, paging);
    },
    async insert(
      deps: AppDeps,
      input: z.output<typeof apiInterface.insertInterfaceSchema>,
      caller: AuthUser,
      actor: Actor,
    ) {
      return uniquely(input.method, input.url, () =>
        deps.db.transaction(async (tx) => {
          await checkFree(tx, input.method, input.url);
          await checkPower(tx, input.powerId);
          await checkAccessChange(tx, caller, { open: input.open, powerId: input.powerId ?? null });
          const [row] = await tx
            .insert(interfaces)
            .values({
              name: input.name,
              method: input.method,
              url: input.url,
              open: input.open,
              powerId: input.powerId ?? null,
              description: input.description ?? null,
            })
            .returning({ id: interfaces.id });
          await recordAudit(tx, actor, {
            targetType: 'interface',
            targetId: row!.id,
            after: await get(tx, row!.id),
          });
          return row!;
        }),
      );
    },
    async update(
      deps: AppDeps,
      input: z.output<typeof apiInterface.updateInterfaceSchema>,
      caller: AuthUser,
      actor: Actor,
    ) {
      await deps.db.transaction(async (tx) => {
        const before = await get(tx, input.id);
        const access = {
          open: input.open ?? before.open,
          powerId: input.powerId !== undefined ? input.powerId : before.powerId,
        };
        await checkAccessChange(tx, caller, access, before);
        const method = input.method ?? before.method;
        const url = input.url ?? before.url;
        if (before.builtIn && (method !== before.method || url !== before.url)) {
          throw new Conflict('服务器内置接口的方法和路径不能修改（可以改绑权限或开放标记）');
        }
        await checkFree(tx, method, url, input.id);
        await checkPower(tx, input.powerId);
        const id = input.id;
        const changes = {
          name: input.name,
          method: input.method,
          url: input.url,
          open: input.open,
          powerId: input.powerId,
          description: input.description,
        };
        if (!namesAField(changes)) return;
        await uniquely(method, url, () =>
          tx.update(interfaces).set(changes).where(eq(interfaces.id, id)),
        );
        const after = await get(tx, id);
        await recordAudit(tx, actor, {
          targetType: 'interface',
          targetId: id,
          ...changedFields(before, after),
        });
      });
    },
    async remove(deps: AppDeps, id: number, actor: Actor) {
      await deps.db.transaction(async (tx) => {
        const before = await get(tx, id);
        if (before.builtIn && before.routed) {
          throw new Conflict(
            '服务器自身的路由不能删除：删除后它只会在下次启动时重新登记（可以改绑权限）',
          );
        }
        await tx.delete(interfaces).where(eq(interfaces.id, id));
        await recordAudit(tx, actor, { targetType: 'interface', targetId: id, before });
      });
    },
  };
}
