import type { FastifyInstance } from 'fastify';

export async function deskRoutes(_app: FastifyInstance) {}
