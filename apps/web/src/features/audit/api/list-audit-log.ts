import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { audit, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';

export type AuditLogQuery = RouteInput<typeof audit.listAuditLog>;

export const auditKeys = {
  all: ['audit'] as const,
  list: (query: AuditLogQuery) => ['audit', 'list', query] as const,
};

export const fetchAuditLog = (query: AuditLogQuery) =>
  request(audit.listAuditLog, query, { quiet: true });

export const auditLogQuery = (query: AuditLogQuery) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: () => fetchAuditLog(query),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (query: AuditLogQuery) => useQuery(auditLogQuery(query));
