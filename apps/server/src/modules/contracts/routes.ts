import type { FastifyInstance } from 'fastify';

/** 合同管理 (EVALUATION.md §5): each awarded lot's contract within 30 days of its notice. */
export async function contractRoutes(_app: FastifyInstance) {}
