import type { FastifyInstance } from 'fastify';
import { reportApi } from '@tender/contracts';
import { preparePdf } from '../../lib/pdf.js';
import { addRoute, FileReply } from '../../plugins/route.js';
import { finishEvaluation } from './finish.js';
import { reportPdf } from './report-pdf.js';
import { readReport } from './report-view.js';
import { returnReport, signReport } from './signatures.js';

/** 评标报告: the chair's finish, the page and PDF, the signatures and a manager's return. */
export async function reportRoutes(app: FastifyInstance) {
  const { deps } = app;
  // Members and managers both hold 评标任务; the services decide who may do what (404 otherwise).
  const evaluation = { power: 'menu:evaluation' };
  addRoute(app, reportApi.finishEvaluation, evaluation, async (input, { user, actor }) => {
    const report = await finishEvaluation(deps, input, user, actor);
    // The members read, sign and download the new report next.
    preparePdf();
    return report;
  });
  addRoute(app, reportApi.getReport, evaluation, async (input, { user }) =>
    readReport(deps, input, user),
  );
  addRoute(app, reportApi.signReport, evaluation, async (input, { user, actor }) =>
    signReport(deps, input, user, actor),
  );
  addRoute(
    app,
    reportApi.returnReport,
    { power: 'tender:return-report' },
    async (input, { user, actor }) => returnReport(deps, input, user, actor),
  );
  addRoute(app, reportApi.downloadReport, evaluation, async (input, { user }) => {
    const { fileName, body } = await reportPdf(await readReport(deps, input, user));
    return new FileReply(fileName, 'application/pdf', body);
  });
}
