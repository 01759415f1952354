/** Query keys of the tender screens; every tender mutation invalidates `all`. */
export const tenderKeys = {
  all: ['tender'] as const,
  list: (query: object) => ['tender', 'list', query] as const,
  detail: (id: number) => ['tender', 'detail', id] as const,
  amendments: (id: number) => ['tender', 'amendments', id] as const,
  downloadLog: (query: object) => ['tender', 'download-log', query] as const,
  log: (query: object) => ['tender', 'log', query] as const,
  participants: (id: number) => ['tender', 'participants', id] as const,
  supplierOptions: () => ['tender', 'supplier-options'] as const,
};
