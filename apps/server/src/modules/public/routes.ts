import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { publicApi } from '@tender/contracts';
import { dictItems } from '../../db/schema/index.js';
import { addRoute } from '../../plugins/route.js';

export async function publicRoutes(app: FastifyInstance) {
  const { deps } = app;

  addRoute(app, publicApi.systemInfo, 'public', async () => ({
    title: deps.config.systemTitle,
    serverTime: deps.clock.now().toISOString(),
  }));

  addRoute(app, publicApi.listDictItemsPublic, 'public', async ({ typeCode }) =>
    deps.db
      .select({ label: dictItems.label, value: dictItems.value, tagColor: dictItems.tagColor })
      .from(dictItems)
      .where(and(eq(dictItems.typeCode, typeCode), eq(dictItems.enabled, true)))
      .orderBy(asc(dictItems.sort), asc(dictItems.id)),
  );
}
