import type { FastifyInstance } from 'fastify';
import { supplierApi } from '@tender/contracts';
import { addRoute } from '../../plugins/route.js';
import { holdsPower } from '../../plugins/auth.js';
import { registerFileReadPolicy } from '../files/service.js';
import {
  auditSupplier,
  getMySupplier,
  getSupplier,
  listSuppliers,
  registerSupplier,
  updateMySupplier,
} from './service.js';

/** Who manages suppliers (the 投标人信息管理 screen). */
const SUPPLY_POWER = 'menu:supply';

export async function supplierRoutes(app: FastifyInstance) {
  const { deps } = app;
  const view = { power: SUPPLY_POWER };

  // Qualification files: the supplier managers and the company's own accounts.
  registerFileReadPolicy('supplier', async ({ db, user, file }) => ({
    allowed:
      user !== null &&
      (user.supplierId === file.ownerId || (await holdsPower(db, user, SUPPLY_POWER))),
  }));

  addRoute(
    app,
    supplierApi.register,
    'public',
    async (input, { actor }) => registerSupplier(deps, input, actor),
    { rateLimit: { max: deps.config.loginRateLimit, timeWindow: 60_000 } },
  );

  addRoute(app, supplierApi.listSupplier, view, async (query) => listSuppliers(deps, query));
  addRoute(app, supplierApi.getSupplierById, view, async ({ id }) =>
    getSupplier(deps.db, id, deps.clock.now()),
  );
  addRoute(
    app,
    supplierApi.auditSupplier,
    { power: 'supplier:audit' },
    async (input, { user, actor }) => auditSupplier(deps, input, user, actor),
  );

  addRoute(app, supplierApi.getMySupplier, 'open', async (_input, { user }) =>
    getMySupplier(deps, user),
  );
  addRoute(app, supplierApi.updateMySupplier, 'open', async (input, { user, actor }) =>
    updateMySupplier(deps, input, user, actor),
  );
}
