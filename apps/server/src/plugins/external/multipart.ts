import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { Config } from '../../config.js';

/**
 * Uploads stream part by part; one file per request, at most MAX_UPLOAD_MB. The name comes
 * as sent (preservePath), so a name with a path is refused rather than quietly cut.
 */
export async function registerMultipart(app: FastifyInstance, config: Config) {
  await app.register(multipart, {
    preservePath: true,
    limits: { fileSize: config.maxUploadMb * 1024 * 1024, files: 1, fields: 5, parts: 6 },
  });
}
