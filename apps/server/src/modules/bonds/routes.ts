import type { FastifyInstance } from 'fastify';
import { bondApi } from '@tender/contracts';
import { bonds } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import { addRoute } from '../../plugins/route.js';
import { holdsPower } from '../../plugins/auth.js';
import { registerFileReadPolicy } from '../files/service.js';
import { declareBond } from './declare.js';
import { forfeitBond, refundBond, verifyBond } from './finance.js';
import { bondPage, overdueCount } from './views.js';

/** 投标保证金 (EVALUATION.md §4): declarations, finance's verification, refunds and forfeits. */
export async function bondRoutes(app: FastifyInstance) {
  const { deps } = app;
  const bidding = { power: 'menu:bidding' };

  addRoute(app, bondApi.declareBond, bidding, async (input, { user, actor }) =>
    declareBond(deps, input, user, actor),
  );
  // The caller's company's bonds only: its own account in full.
  addRoute(app, bondApi.listMyBond, bidding, async (query, { user }) => {
    const now = deps.clock.now();
    if (user.supplierId === null)
      return { list: [], total: 0, pageNum: query.pageNum, pageSize: query.pageSize };
    return bondPage(
      deps.db,
      { supplierId: user.supplierId, tenderId: query.tenderId },
      query,
      { supplierId: user.supplierId, ledger: false },
      now,
    );
  });
  // Finance and managers: every bond, accounts masked, with the refund clocks.
  addRoute(app, bondApi.listBond, { power: 'menu:bond' }, async (query, { user }) => {
    const now = deps.clock.now();
    const page = await bondPage(
      deps.db,
      query,
      query,
      { supplierId: user.supplierId, ledger: true },
      now,
    );
    return { ...page, overdueCount: await overdueCount(deps.db, now) };
  });
  addRoute(app, bondApi.verifyBond, { power: 'bond:verify' }, async (input, { user, actor }) =>
    verifyBond(deps, input, user, actor),
  );
  addRoute(app, bondApi.refundBond, { power: 'bond:refund' }, async (input, { user, actor }) =>
    refundBond(deps, input, user, actor),
  );
  addRoute(app, bondApi.forfeitBond, { power: 'bond:forfeit' }, async (input, { user, actor }) =>
    forfeitBond(deps, input, user, actor),
  );
}

/** A bond's vouchers: the declaring company's users, finance and managers; nobody else (404). */
registerFileReadPolicy('bond', async ({ db, user, file }) => {
  if (!user) return { allowed: false };
  const [bond] = await db
    .select({ supplierId: bonds.supplierId })
    .from(bonds)
    .where(eq(bonds.id, file.ownerId));
  if (!bond) return { allowed: false };
  if (user.supplierId !== null && user.supplierId === bond.supplierId) return { allowed: true };
  return { allowed: await holdsPower(db, user, 'menu:bond') };
});
