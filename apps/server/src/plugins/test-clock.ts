import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_BASE } from '@tender/contracts';
import type { AdjustableClock } from '../lib/clock.js';
import { Invalid } from '../lib/errors.js';

/** At most a year per call: a test moves days, never decades. */
const MAX_ADVANCE_MS = 366 * 24 * 60 * 60 * 1000;
const body = z.object({ advanceMs: z.number().int().min(1).max(MAX_ADVANCE_MS) });

/**
 * POST /tendering-service/test-clock {advanceMs}: moves the server's clock forward and answers
 * the new time. Registered only when TEST_CLOCK=1 (config refuses it in production), outside
 * /api, hidden from the API reference and the interface list, so no power can grant it.
 */
export async function registerTestClock(app: FastifyInstance, clock: AdjustableClock) {
  app.post(`${API_BASE}/test-clock`, { schema: { hide: true } }, async (request, reply) => {
    const parsed = body.safeParse(request.body);
    if (!parsed.success)
      throw new Invalid('advanceMs', `时钟前进量须为 1 至 ${MAX_ADVANCE_MS} 之间的整数（毫秒）`);
    clock.advance(parsed.data.advanceMs);
    return reply.send({ now: clock.now().toISOString(), offsetMs: clock.offsetMs() });
  });
}
