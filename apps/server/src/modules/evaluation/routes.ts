import type { FastifyInstance } from 'fastify';
import { committeeRoutes } from './routes-committee.js';
import { deskRoutes } from './routes-desk.js';
import { reportRoutes } from './routes-report.js';

/** 专家库, 评标委员会, 评标台 and 评标报告 (EVALUATION.md §2). */
export async function evaluationRoutes(app: FastifyInstance) {
  await committeeRoutes(app);
  await deskRoutes(app);
  await reportRoutes(app);
}
