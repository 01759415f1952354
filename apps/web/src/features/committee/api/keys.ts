/**
 * Query keys of one tender's committee and reports: the draw and a replacement invalidate
 * `tender`; a report's return invalidates its lot's report.
 */
export const committeeKeys = {
  all: ['committee'] as const,
  tender: (tenderId: number) => ['committee', tenderId] as const,
  committee: (tenderId: number) => ['committee', tenderId, 'members'] as const,
  report: (tenderId: number, lotId?: number) => ['committee', tenderId, 'report', lotId] as const,
  managers: () => ['committee', 'manager-options'] as const,
};
