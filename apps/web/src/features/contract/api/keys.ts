/** Query keys of 合同管理; recording a contract invalidates `all`. */
export const contractKeys = {
  all: ['contract'] as const,
  list: (query: object) => ['contract', 'list', query] as const,
};
