import { z } from 'zod';
import { defineRoute } from './route.js';
import { id } from './fields.js';

export const ALLOWED_FILE_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'zip',
  'jpg',
  'jpeg',
  'png',
] as const;
export const MAX_FILE_NAME_LENGTH = 200;

export const uploadedFile = z.object({
  id: z.number(),
  name: z.string(),
  size: z.number(),
  sha256: z.string(),
  contentType: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

/** multipart/form-data with one part named `file`. */
export const upload = defineRoute({
  method: 'POST',
  path: '/api/file/upload',
  summary: '上传一个文件（multipart 字段 file；pdf、doc/docx、xls/xlsx、zip、jpg/png）',
  tag: '文件',
  /**
   * `purpose=bid`: a bid attachment, stored sealed until the opening. `purpose=sealed-bid`: a
   * `bidder`-mode attachment the browser already encrypted (12-byte IV, then the AES-256-GCM
   * ciphertext and tag): its type is not sniffed (the bytes are ciphertext), it is sealed too.
   */
  query: z.object({
    purpose: z
      .enum(['bid', 'sealed-bid'], {
        error: '上传用途只能是 bid（投标文件）或 sealed-bid（已加密的投标文件）',
      })
      .optional(),
  }),
  data: uploadedFile,
});

export const download = defineRoute({
  method: 'GET',
  path: '/api/file/download',
  summary: '下载文件（按其所属记录判断是否可读）',
  tag: '文件',
  query: z.object({ id: id('id') }),
  data: z.any().describe('the bytes'),
});
