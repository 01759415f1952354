import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bidApi } from '@tender/contracts';
import { addRoute } from '../../plugins/route.js';
import { listBiddableTenders, listMyBids } from './mine.js';
import { reconfirmBid, submitBid, withdrawBid, type Origin } from './submit.js';

const originOf = (request: FastifyRequest): Origin => {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: agent ? agent.slice(0, 500) : null };
};

export async function bidRoutes(app: FastifyInstance) {
  const { deps } = app;
  const bidding = { power: 'menu:bidding' };

  addRoute(app, bidApi.submitBid, bidding, async (input, { user, actor, request }) =>
    submitBid(deps, input, user, actor, originOf(request)),
  );
  addRoute(app, bidApi.withdrawBid, bidding, async (ref, { user, actor, request }) =>
    withdrawBid(deps, ref, user, actor, originOf(request)),
  );
  addRoute(app, bidApi.reconfirmBid, bidding, async (ref, { user, actor, request }) =>
    reconfirmBid(deps, ref, user, actor, originOf(request)),
  );
  addRoute(app, bidApi.listBiddableTtender, bidding, async (query, { user }) =>
    listBiddableTenders(deps, query, user),
  );
  addRoute(app, bidApi.listMyBids, bidding, async (query, { user }) =>
    listMyBids(deps, query, user),
  );
}
