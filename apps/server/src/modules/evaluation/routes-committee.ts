import type { FastifyInstance } from 'fastify';

export async function committeeRoutes(_app: FastifyInstance) {}
