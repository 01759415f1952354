/** Query keys of roles; every role mutation invalidates `all`. */
export const roleKeys = {
  all: ['role'] as const,
  list: (query: object) => ['role', 'list', query] as const,
  options: () => ['role', 'options'] as const,
  detail: (roleId: number) => ['role', 'detail', roleId] as const,
};
