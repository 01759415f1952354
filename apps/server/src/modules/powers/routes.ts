import type { FastifyInstance } from 'fastify';
import { power } from '@tender/contracts';
import { addRoute } from '../../plugins/route.js';
import {
  deletePower,
  getPower,
  insertPower,
  listPowers,
  superiorOptions,
  updatePower,
} from './service.js';

export async function powerRoutes(app: FastifyInstance) {
  const { deps } = app;
  const view = { power: 'menu:authority' };

  // One power per interface: the role form's tree needs 权限管理 too (admin holds both).
  addRoute(app, power.listPower, view, async (filter) => listPowers(deps, filter ?? {}));
  addRoute(app, power.getPowerInfoById, view, async ({ id }) => getPower(deps.db, id));
  addRoute(app, power.getPowerSuperior, view, async ({ type }) => superiorOptions(deps, type));
  addRoute(app, power.insertPower, { power: 'power:add' }, async (input, { actor }) =>
    insertPower(deps, input, actor),
  );
  addRoute(app, power.updatePower, { power: 'power:edit' }, async (input, { user, actor }) => {
    await updatePower(deps, input, user, actor);
    return null;
  });
  addRoute(app, power.deletePower, { power: 'power:delete' }, async ({ id }, { user, actor }) => {
    await deletePower(deps, id, user, actor);
    return null;
  });
}
