import type { FastifyInstance } from 'fastify';
import { supplierApi, tenderApi } from '@tender/contracts';
import { FileReply, addRoute } from '../../plugins/route.js';
import { viewerOf } from './access.js';
import { amendTender } from './amend.js';
import { listDownloads, listTenderLog, registerTenderDocumentPolicy } from './documents.js';
import { exportTenders } from './export.js';
import { amendmentsFor, getTender, listTenders } from './reads.js';
import {
  cancelTender,
  deleteTender,
  insertTender,
  publishTender,
  updateTender,
} from './service.js';
import { retenderTender } from './retender.js';
import { addSupply, listOpenTenders, participantsOf, supplyOptions } from './sign-up.js';

export async function tenderRoutes(app: FastifyInstance) {
  const { deps } = app;
  const view = { power: 'menu:tender_list' };
  registerTenderDocumentPolicy();

  // Each row also says how many of its lots are 合同逾期 (in the page's own query).
  addRoute(app, tenderApi.listTtender, view, async (query) => listTenders(deps, query));
  addRoute(app, tenderApi.insertTtender, { power: 'tender:add' }, async (input, { user, actor }) =>
    insertTender(deps, input, user, actor),
  );
  addRoute(
    app,
    tenderApi.updateTtender,
    { power: 'tender:edit' },
    async (input, { user, actor }) => {
      await updateTender(deps, input, user, actor);
      return null;
    },
  );
  addRoute(
    app,
    tenderApi.deleteTtender,
    { power: 'tender:delete' },
    async ({ id }, { user, actor }) => {
      await deleteTender(deps, id, user, actor);
      return null;
    },
  );
  addRoute(app, tenderApi.publishTtender, { power: 'tender:publish' }, async ({ id }, { actor }) =>
    publishTender(deps, id, actor),
  );
  addRoute(app, tenderApi.amendTtender, { power: 'tender:amend' }, async (input, { user, actor }) =>
    amendTender(deps, input, user, actor),
  );
  addRoute(app, tenderApi.cancelTtender, { power: 'tender:cancel' }, async (input, { actor }) => {
    await cancelTender(deps, input.id, input.reason, actor);
    return null;
  });
  addRoute(
    app,
    tenderApi.retenderTtender,
    { power: 'tender:retender' },
    async ({ id, lotIds }, { user, actor }) => retenderTender(deps, id, user, actor, lotIds),
  );
  addRoute(
    app,
    tenderApi.exportTtender,
    { power: 'tender:export' },
    async (filters, { actor }) =>
      new FileReply(
        '招标列表.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        await exportTenders(deps, filters, actor),
      ),
  );
  addRoute(app, tenderApi.listDownloadLog, view, async (query) => listDownloads(deps, query));
  addRoute(app, tenderApi.listTenderLog, view, async (query) => listTenderLog(deps, query));
  addRoute(app, tenderApi.getSupplyOption, view, async () => supplyOptions(deps));
  addRoute(app, supplierApi.getSupplyInformationByTenderId, view, async ({ tenderId }) =>
    participantsOf(deps, tenderId),
  );

  // Shared by managers and bidders: the service decides what each may see (404 otherwise).
  addRoute(app, tenderApi.getTtenderById, 'open', async ({ id }, { user }) =>
    getTender(deps, id, await viewerOf(deps.db, user)),
  );
  addRoute(app, tenderApi.listAmendments, 'open', async ({ tenderId }, { user }) =>
    amendmentsFor(deps, tenderId, await viewerOf(deps.db, user)),
  );
  addRoute(app, tenderApi.addSupplyTtender, 'open', async (input, { user, actor }) =>
    addSupply(deps, input, user, await viewerOf(deps.db, user), actor),
  );
  addRoute(app, tenderApi.listOpenTtender, { power: 'menu:tenderMsg' }, async (query, { user }) =>
    listOpenTenders(deps, query, user),
  );
}
