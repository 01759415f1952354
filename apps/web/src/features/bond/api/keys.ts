/** Query keys of the bond ledger; every finance action invalidates `all` (the list and the badge). */
export const bondKeys = {
  all: ['bond'] as const,
  list: (query: object) => ['bond', 'list', query] as const,
  overdueCount: () => ['bond', 'overdue-count'] as const,
};
