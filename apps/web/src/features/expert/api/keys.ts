/** Query keys of the expert pool; every expert mutation invalidates `all`. */
export const expertKeys = {
  all: ['expert'] as const,
  list: (query: object) => ['expert', 'list', query] as const,
};
