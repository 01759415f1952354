import type { FastifyInstance } from 'fastify';
import { tenderApi } from '@tender/contracts';
import { addRoute } from '../../plugins/route.js';
import { getPublic, searchPublic } from './reads.js';

/** No login: published open tenders only, and nothing about sign-ups, bids or internals. */
export async function publicTenderRoutes(app: FastifyInstance) {
  const { deps } = app;
  addRoute(app, tenderApi.searchTenderMsg, 'public', async (query) => searchPublic(deps, query));
  addRoute(app, tenderApi.getTenderMsgById, 'public', async ({ id }) => getPublic(deps, id));
}
