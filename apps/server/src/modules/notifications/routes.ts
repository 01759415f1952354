import type { FastifyInstance } from 'fastify';
import { notificationApi } from '@tender/contracts';
import { addRoute } from '../../plugins/route.js';
import { listMyNotifications, markRead } from './service.js';

/** Every logged-in person reads and marks their own notices only. */
export async function notificationRoutes(app: FastifyInstance) {
  const { deps } = app;
  addRoute(app, notificationApi.listMyNotification, 'open', async (query, { user }) =>
    listMyNotifications(deps, query, user),
  );
  addRoute(app, notificationApi.markRead, 'open', async (input, { user }) =>
    markRead(deps, input, user),
  );
}
