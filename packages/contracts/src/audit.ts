import { z } from 'zod';
import { defineRoute } from './route.js';
import { pageOf, pageQuery } from './envelope.js';
import { id, isoDateTime } from './fields.js';

export const auditEntry = z.object({
  id: z.number(),
  userid: z.number().nullable(),
  username: z.string().nullable(),
  action: z.string(),
  method: z.string(),
  url: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const listAuditLog = defineRoute({
  method: 'GET',
  path: '/api/admin/audit-log/list-audit-log',
  summary: '审计日志分页列表',
  tag: '审计日志',
  query: z.object({
    ...pageQuery,
    userid: id('userid').optional(),
    action: z.string().trim().max(100).optional(),
    from: isoDateTime('from').optional(),
    to: isoDateTime('to').optional(),
  }),
  data: pageOf(auditEntry),
});
