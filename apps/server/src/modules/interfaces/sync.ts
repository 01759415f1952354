import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { interfaces, powers } from '../../db/schema/index.js';
import type { RegisteredRoute } from '../../plugins/route.js';

const SYNC_LOCK_KEY = 727_003;

/**
 * Every route that needs a login gets an interface row, bound to the power that grants it.
 * Rows that exist are left as an administrator set them; only missing ones are created.
 */
export async function syncInterfaces(db: Db, routes: RegisteredRoute[]) {
  const guarded = routes.filter((r) => r.access !== 'public');
  const codes = guarded.flatMap((r) => (typeof r.access === 'object' ? [r.access.power] : []));
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK_KEY})`);
    const found = codes.length
      ? await tx
          .select({ id: powers.id, code: powers.code })
          .from(powers)
          .where(inArray(powers.code, codes))
      : [];
    const powerIdByCode = new Map(found.map((p) => [p.code, p.id]));
    if (guarded.length === 0) return;
    await tx
      .insert(interfaces)
      .values(
        guarded.map((route) => ({
          name: route.name,
          method: route.method,
          url: route.url,
          open: route.access === 'open',
          powerId:
            typeof route.access === 'object'
              ? (powerIdByCode.get(route.access.power) ?? null)
              : null,
          builtIn: true,
        })),
      )
      .onConflictDoNothing();
  });
}
