import type { FastifyInstance } from 'fastify';

/** 投标保证金 (EVALUATION.md §4): declarations, finance's verification, refunds and forfeits. */
export async function bondRoutes(_app: FastifyInstance) {}
