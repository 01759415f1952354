/** Query keys of the supplier review screen; every review action invalidates `all`. */
export const supplierKeys = {
  all: ['supplier'] as const,
  list: (query: object) => ['supplier', 'list', query] as const,
  detail: (id: number) => ['supplier', 'detail', id] as const,
};
