/** Query keys of interfaces; every interface mutation invalidates `all`. */
export const interfaceKeys = {
  all: ['interface'] as const,
  list: (query: object) => ['interface', 'list', query] as const,
};
