import type { FastifyInstance } from 'fastify';
import { committeeApi, deskApi, expertApi } from '@tender/contracts';
import { addRoute } from '../../plugins/route.js';
import { getCommittee } from './committee-view.js';
import { drawCommittee, verifyDraw } from './draw.js';
import { getExpert, insertExpert, listExperts, updateExpert } from './experts.js';
import { signPledge } from './pledge.js';
import { replaceMember } from './seats.js';

/** 专家库, 组建评标委员会 and the members' pledge. */
export async function committeeRoutes(app: FastifyInstance) {
  const { deps } = app;

  const pool = { power: 'menu:expert' };
  addRoute(app, expertApi.listExpert, pool, async (query) => listExperts(deps, query));
  addRoute(app, expertApi.getExpertById, pool, async ({ id }) =>
    getExpert(deps.db, id, deps.clock.now()),
  );
  addRoute(app, expertApi.insertExpert, { power: 'expert:add' }, async (input, { actor }) =>
    insertExpert(deps, input, actor),
  );
  addRoute(app, expertApi.updateExpert, { power: 'expert:edit' }, async (input, { actor }) =>
    updateExpert(deps, input, actor),
  );

  const forming = { power: 'tender:committee' };
  addRoute(app, committeeApi.drawCommittee, forming, async (input, { user, actor }) =>
    drawCommittee(deps, input, user, actor),
  );
  // Managers and the committee's own members; the service decides (404 for everyone else).
  addRoute(app, committeeApi.getCommittee, 'open', async ({ tenderId }, { user }) =>
    getCommittee(deps, tenderId, user),
  );
  addRoute(app, committeeApi.verifyDraw, { power: 'menu:tender_list' }, async ({ tenderId }) =>
    verifyDraw(deps, tenderId),
  );
  addRoute(app, committeeApi.replaceMember, forming, async (input, { user, actor }) =>
    replaceMember(deps, input, user, actor),
  );

  addRoute(app, deskApi.signPledge, { power: 'menu:evaluation' }, async (input, { user, actor }) =>
    signPledge(deps, input, user, actor),
  );
}
