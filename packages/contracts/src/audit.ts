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

/** The state of the tamper-evident hash chain over the whole audit log. */
export const auditChainReport = z.object({
  ok: z.boolean(),
  checked: z.number(),
  lastId: z.number().nullable(),
  lastHash: z.string(),
  firstBroken: z.object({ id: z.number(), time: z.string(), reason: z.string() }).nullable(),
});
export type AuditChainReport = z.infer<typeof auditChainReport>;

export const verifyAuditChain = defineRoute({
  method: 'GET',
  path: '/api/admin/audit-log/verify-chain',
  summary: '校验审计日志哈希链',
  tag: '审计日志',
  data: auditChainReport,
});
