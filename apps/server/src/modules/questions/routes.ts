import type { FastifyInstance } from 'fastify';
import { questionApi } from '@tender/contracts';
import { addRoute } from '../../plugins/route.js';
import { answerQuestion, insertQuestion, listQuestion } from './service.js';

/** 答疑 (EVALUATION.md §3): suppliers ask, managers answer, nobody learns who asked. */
export async function questionRoutes(app: FastifyInstance) {
  const { deps } = app;
  // 招标信息 is the bidders' own menu; the service checks the sign-up and the clock.
  addRoute(app, questionApi.insertQuestion, { power: 'menu:tenderMsg' }, (input, { user, actor }) =>
    insertQuestion(deps, input, user, actor),
  );
  // Managers and signed-up companies read different things; the service tells them apart.
  addRoute(app, questionApi.listQuestion, 'open', (query, { user }) =>
    listQuestion(deps, query, user),
  );
  addRoute(
    app,
    questionApi.answerQuestion,
    { power: 'tender:answer-question' },
    (input, { user, actor }) => answerQuestion(deps, input, user, actor),
  );
}
