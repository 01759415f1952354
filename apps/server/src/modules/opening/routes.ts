import type { FastifyInstance } from 'fastify';
import { bidApi } from '@tender/contracts';
import { addRoute } from '../../plugins/route.js';
import { awardTender } from './award.js';
import { listBidsByTender } from './comparison.js';
import { extendDecryption, getOpeningCeremony } from './ceremony.js';
import { answerOpeningObjection, confirmOpeningRecord } from './confirmations.js';
import { decryptBid, getMySealedBid } from './decrypt.js';
import { finishOpening, getBidCount, getOpeningRecord, openBids } from './opening.js';

/** Registered right after the bid routes: the interface list keeps its order. */
export async function openingRoutes(app: FastifyInstance) {
  const { deps } = app;
  const bidding = { power: 'menu:bidding' };
  const tenderList = { power: 'menu:tender_list' };

  // 不见面开标 (`bidder` mode): the bidder's side.
  addRoute(app, bidApi.decryptBid, bidding, async (input, { user, actor }) =>
    decryptBid(deps, input, user, actor),
  );
  addRoute(app, bidApi.getMySealedBid, bidding, async ({ bidId }, { user }) =>
    getMySealedBid(deps, bidId, user),
  );
  addRoute(app, bidApi.confirmOpeningRecord, bidding, async (input, { user, actor }) =>
    confirmOpeningRecord(deps, input, user, actor),
  );

  const opening = { power: 'tender:open' };
  addRoute(app, bidApi.openBids, opening, async ({ id }, { user, actor }) =>
    openBids(deps, id, user, actor),
  );
  addRoute(app, bidApi.getOpeningCeremony, opening, async ({ tenderId }) =>
    getOpeningCeremony(deps, tenderId),
  );
  addRoute(app, bidApi.extendDecryption, opening, async (input, { actor }) =>
    extendDecryption(deps, input, actor),
  );
  addRoute(app, bidApi.finishOpening, opening, async ({ id }, { user, actor }) =>
    finishOpening(deps, id, user, actor),
  );
  addRoute(app, bidApi.answerOpeningObjection, opening, async (input, { user, actor }) =>
    answerOpeningObjection(deps, input, user, actor),
  );
  // Managers and the tender's bidders; the service decides (404 for everyone else).
  addRoute(app, bidApi.getOpeningRecord, 'open', async ({ tenderId, lotId }, { user }) =>
    getOpeningRecord(deps, tenderId, user, lotId),
  );
  addRoute(app, bidApi.listBidsByTender, tenderList, async ({ tenderId, lotId }) =>
    listBidsByTender(deps, tenderId, lotId),
  );
  addRoute(app, bidApi.getBidCount, tenderList, async ({ tenderId }) =>
    getBidCount(deps, tenderId),
  );
  addRoute(app, bidApi.awardTtender, { power: 'tender:award' }, async (input, { user, actor }) =>
    awardTender(deps, input, user, actor),
  );
}
