import type { FastifyInstance } from 'fastify';
import { apiInterface } from '@tender/contracts';
import { addRoute, registeredRoutes } from '../../plugins/route.js';
import { createInterfaceService } from './service.js';

export async function interfaceRoutes(app: FastifyInstance) {
  const { deps } = app;
  const service = createInterfaceService(() => registeredRoutes(app));
  const view = { power: 'menu:interface' };

  addRoute(app, apiInterface.listInterface, view, async (filter) =>
    service.list(deps, filter ?? {}),
  );
  addRoute(app, apiInterface.getInterfaceInfoById, view, async ({ id }) =>
    service.get(deps.db, id),
  );
  addRoute(
    app,
    apiInterface.insertInterface,
    { power: 'interface:add' },
    async (input, { user, actor }) => service.insert(deps, input, user, actor),
  );
  addRoute(
    app,
    apiInterface.updateInterface,
    { power: 'interface:edit' },
    async (input, { user, actor }) => {
      await service.update(deps, input, user, actor);
      return null;
    },
  );
  addRoute(
    app,
    apiInterface.deleteInterface,
    { power: 'interface:delete' },
    async ({ id }, { actor }) => {
      await service.remove(deps, id, actor);
      return null;
    },
  );
}
