import type { FastifyInstance } from 'fastify';
import { contractApi } from '@tender/contracts';
import { addRoute } from '../../plugins/route.js';
import { insertContract, listContract } from './service.js';

/** 合同管理 (EVALUATION.md §5): each awarded lot's contract within 30 days of its notice. */
export async function contractRoutes(app: FastifyInstance) {
  const { deps } = app;
  addRoute(app, contractApi.listContract, { power: 'menu:contract' }, async (query) =>
    listContract(deps, query),
  );
  addRoute(
    app,
    contractApi.insertContract,
    { power: 'contract:add' },
    async (input, { user, actor }) => insertContract(deps, input, user, actor),
  );
}
