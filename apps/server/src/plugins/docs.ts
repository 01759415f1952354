import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_BASE } from '@tender/contracts';

/** The OpenAPI document is generated from the same zod schemas that validate requests. */
export async function registerDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: '能源装备网上招投标管理系统 API',
        description:
          '所有应答均为信封 { code, message, errorMsg?, data? }。需登录的接口在 Authorization 头中携带令牌（可带 Bearer 前缀）。',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: `${API_BASE}/docs`,
    // Its own policy (scripts only from its files); it sets a few inline styles, and the
    // server may be reached over plain HTTP.
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace(/style-src ([^;]*);/, "style-src $1 'unsafe-inline';")
        .replace(/\s*upgrade-insecure-requests;?/, ''),
  });
}
