import type { FastifyInstance } from 'fastify';
import { role } from '@tender/contracts';
import { addRoute } from '../../plugins/route.js';
import { deleteRole, getRole, insertRole, listRoles, updateRole } from './service.js';

export async function roleRoutes(app: FastifyInstance) {
  const { deps } = app;
  const view = { power: 'menu:role' };

  addRoute(app, role.listRole, view, async (query) => listRoles(deps, query));
  addRoute(app, role.getRoleInfoByRoleId, view, async ({ roleId }) => getRole(deps.db, roleId));
  addRoute(app, role.insertRole, { power: 'role:add' }, async (input, { user, actor }) =>
    insertRole(deps, input, user, actor),
  );
  addRoute(app, role.updateRole, { power: 'role:edit' }, async (input, { user, actor }) => {
    await updateRole(deps, input, user, actor);
    return null;
  });
  addRoute(app, role.deleteRole, { power: 'role:delete' }, async ({ roleId }, { user, actor }) => {
    await deleteRole(deps, roleId, user, actor);
    return null;
  });
}
