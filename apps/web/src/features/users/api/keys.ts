/** Query keys of the user list; every user mutation invalidates `all`. */
export const adminKeys = {
  all: ['admin'] as const,
  list: (query: object) => ['admin', 'list', query] as const,
  options: () => ['admin', 'options'] as const,
};
