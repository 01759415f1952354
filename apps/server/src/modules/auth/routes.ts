import type { FastifyInstance } from 'fastify';
import { auth } from '@tender/contracts';
import { addRoute } from '../../plugins/route.js';
import { Invalid } from '../../lib/errors.js';
import { changeOwnPassword, login, logout, menuOf } from './service.js';

export async function authRoutes(app: FastifyInstance) {
  const { deps } = app;

  addRoute(
    app,
    auth.login,
    'public',
    async (input, { actor }) => {
      const parsed = auth.loginSchema.safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new Invalid(String(issue.path[0] ?? 'username'), issue.message);
      }
      return login(deps, parsed.data.username, parsed.data.password, actor);
    },
    { rateLimit: { max: deps.config.loginRateLimit, timeWindow: 60_000 }, noStore: true },
  );

  addRoute(app, auth.logout, 'open', async (_input, { request, actor }) => {
    await logout(deps, request.tokenClaims!, actor);
    return null;
  });

  addRoute(app, auth.listMenuByUser, 'open', async (_input, { user }) => menuOf(deps, user));

  addRoute(app, auth.updateAdminPassword, 'open', async (input, { user, actor }) => {
    await changeOwnPassword(deps, user.userid, input, actor);
    return null;
  });
}
