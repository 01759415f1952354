import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/**
 * JSON answers above a small size travel compressed; static files are not touched here (the
 * build precompresses them) and request bodies are never inflated (no zip bombs to parse).
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    customTypes: /^application\/json/,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });
}
