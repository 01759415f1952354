import type { FastifyInstance } from 'fastify';
import { deskApi } from '@tender/contracts';
import { addRoute } from '../../plugins/route.js';
import {
  answerClarification,
  askClarification,
  listClarification,
  listMyClarification,
} from './clarifications.js';
import { getSheet } from './sheet-cache.js';
import { reopenSheet, saveSheet, submitSheet } from './sheets.js';
import { listMyTask } from './tasks.js';

/**
 * 评标任务 and 专家评标台 (members; the services decide who sits where: 404 for anyone else),
 * and 评标澄清 on the bidder's side.
 */
export async function deskRoutes(app: FastifyInstance) {
  const { deps } = app;
  const evaluation = { power: 'menu:evaluation' };
  const clarification = { power: 'menu:clarification' };

  addRoute(app, deskApi.listMyTask, evaluation, async (query, { user }) =>
    listMyTask(deps, query, user),
  );
  addRoute(app, deskApi.getSheet, evaluation, async (query, { user }) =>
    getSheet(deps, query, user),
  );
  addRoute(app, deskApi.saveSheet, evaluation, async (input, { user, actor }) =>
    saveSheet(deps, input, user, actor),
  );
  addRoute(app, deskApi.submitSheet, evaluation, async (input, { user, actor }) =>
    submitSheet(deps, input, user, actor),
  );
  addRoute(app, deskApi.reopenSheet, evaluation, async (input, { user, actor }) =>
    reopenSheet(deps, input, user, actor),
  );
  addRoute(app, deskApi.askClarification, evaluation, async (input, { user, actor }) =>
    askClarification(deps, input, user, actor),
  );
  // Members and managers (both hold 评标任务); the service tells them apart.
  addRoute(app, deskApi.listClarification, evaluation, async (query, { user }) =>
    listClarification(deps, query, user),
  );
  addRoute(app, deskApi.listMyClarification, clarification, async (query, { user }) =>
    listMyClarification(deps, query, user),
  );
  addRoute(app, deskApi.answerClarification, clarification, async (input, { user, actor }) =>
    answerClarification(deps, input, user, actor),
  );
}
