import type { FastifyInstance } from 'fastify';
import { fileApi } from '@tender/contracts';
import { Invalid } from '../../lib/errors.js';
import { FileReply, addRoute } from '../../plugins/route.js';
import { openForReading, storeUpload } from './service.js';
import { bidChunkSealer } from '../bids/files.js';
import { ENCRYPTED_FILE_OVERHEAD_BYTES, MIN_ENCRYPTED_FILE_BYTES } from '../opening/envelope.js';

export async function fileRoutes(app: FastifyInstance) {
  const { deps } = app;

  addRoute(app, fileApi.upload, 'open', async ({ purpose }, { request, user, actor }) => {
    if (!request.isMultipart())
      throw new Invalid('file', '请以 multipart/form-data 上传，文件放在字段 file 中');
    // An attachment of exactly MAX_UPLOAD_MB still fits once the bidder's browser encrypted it.
    const part = await request.file(
      purpose === 'sealed-bid'
        ? {
            limits: {
              fileSize: deps.config.maxUploadMb * 1024 * 1024 + ENCRYPTED_FILE_OVERHEAD_BYTES,
            },
          }
        : undefined,
    );
    if (!part || part.fieldname !== 'file') {
      part?.file.resume();
      throw new Invalid('file', '请选择要上传的文件（multipart 字段 file）');
    }
    try {
      // Bid attachments are sealed at rest; a bidder-encrypted one is ciphertext already.
      return await storeUpload(
        deps,
        part,
        user,
        actor,
        purpose ? bidChunkSealer(deps) : undefined,
        purpose === 'sealed-bid' ? { minBytes: MIN_ENCRYPTED_FILE_BYTES } : undefined,
      );
    } finally {
      // A refused upload still has its rest to read before the answer can go.
      part.file.resume();
    }
  });

  addRoute(app, fileApi.download, 'open', async ({ id }, { request, user }) => {
    const file = await openForReading(deps, id, user, request.ip, bidChunkSealer(deps));
    return new FileReply(file.name, file.contentType, file.stream, file.size);
  });
}
