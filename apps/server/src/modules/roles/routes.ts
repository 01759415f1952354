import type { FastifyInstance } from 'fastify';
import { role } from '@tender/contracts';
import { addRoute } from '../../lib/route.js';
import { deleteRole, getRole, insertRole, listRoles, updateRole } from './service.js';

export async function roleRoutes(app: FastifyInstance) {
  const { deps } = app;
  const view = { power: 'menu:role' };

  addRoute(app, role.listRole, view, async (query) => listRoles(deps, query));
  addRoute(app, role.getRoleInfoByRoleId, view, async ({ roleId }) => getRole(deps.db, roleId));
  addRoute(app, role.insertRole, { power: 'role:add' }, async (input, { actor }) =>
    insertRole(deps, input, actor),
  );
  addRoute(app, role.updateRole, { power: 'role:edit' }, async (input, { actor }) => {
    await updateRole(deps, input, actor);
    return null;
  });
  addRoute(app, role.deleteRole, { power: 'role:delete' }, async ({ roleId }, { actor }) => {
    await deleteRole(deps, roleId, actor);
    return null;
  });
}
