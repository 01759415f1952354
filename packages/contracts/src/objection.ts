import { z } from 'zod';
import { defineRoute } from './route.js';
import { pageOf, pageQuery } from './envelope.js';
import { id, requiredText } from './fields.js';

export const MAX_OBJECTION_LENGTH = 2000;

export const objectionStatus = z.enum(['open', 'answered'], {
  error: '异议状态只能是 open（待答复）或 answered（已答复）',
});
export type ObjectionStatus = z.infer<typeof objectionStatus>;

export const objection = z.object({
  id: z.number(),
  announcementId: z.number(),
  announcementTitle: z.string(),
  tenderId: z.number(),
  tenderNo: z.string(),
  tenderTitle: z.string(),
  supplierId: z.number(),
  supplierName: z.string(),
  /** Plain text. */
  content: z.string(),
  files: z.array(z.object({ id: z.number(), name: z.string() })),
  createdAt: z.string(),
  /** createdAt + 3 days. */
  answerDueAt: z.string(),
  status: objectionStatus,
  /** Unanswered past answerDueAt, by the server clock. */
  overdue: z.boolean(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  answeredByName: z.string().nullable(),
});
export type Objection = z.infer<typeof objection>;

export const insertObjectionSchema = z.object({
  announcementId: id('announcementId'),
  content: requiredText('content', '异议内容', MAX_OBJECTION_LENGTH),
  fileIds: z.array(id('fileIds')).max(10, '附件最多 10 个').default([]),
});
export const insertObjection = defineRoute({
  method: 'POST',
  path: '/api/objection/objection-management/insert-objection',
  summary: '提出异议（参与该招标的供应商，公示期内）',
  tag: '异议',
  body: insertObjectionSchema,
  data: objection,
});

export const answerObjection = defineRoute({
  method: 'POST',
  path: '/api/objection/objection-management/answer-objection',
  summary: '答复异议（招标管理员，一次）',
  tag: '异议',
  body: z.object({
    id: id('id'),
    answer: requiredText('answer', '答复内容', MAX_OBJECTION_LENGTH),
  }),
  data: objection,
});

export const listObjection = defineRoute({
  method: 'GET',
  path: '/api/objection/objection-management/list-objection',
  summary: '异议列表（管理员：全部；供应商：本公司提出的）',
  tag: '异议',
  query: z.object({
    ...pageQuery,
    tenderId: id('tenderId').optional(),
    announcementId: id('announcementId').optional(),
    status: objectionStatus.optional(),
  }),
  data: pageOf(objection),
});
