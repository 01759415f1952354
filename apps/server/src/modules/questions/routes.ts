import type { FastifyInstance } from 'fastify';

/** 答疑 (EVALUATION.md §3): suppliers ask, managers answer, nobody learns who asked. */
export async function questionRoutes(_app: FastifyInstance) {}
