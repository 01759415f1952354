import type { FastifyInstance } from 'fastify';
import { API_BASE } from '@tender/contracts';

/** Outside the envelope, for load balancers: 200 when the database answers, else 503. */
export async function healthRoutes(app: FastifyInstance) {
  app.get(`${API_BASE}/health`, { schema: { hide: true } }, async (_request, reply) => {
    try {
      await app.deps.database.ping();
      return reply.send({ status: 'ok', database: app.deps.database.kind });
    } catch {
      return reply.status(503).send({ status: 'unavailable', database: app.deps.database.kind });
    }
  });
}
