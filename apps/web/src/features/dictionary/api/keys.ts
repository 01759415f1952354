/** Query keys of the dictionary screens; the selects elsewhere use `dictOptionsKey`. */
export const dictKeys = {
  all: ['dict'] as const,
  types: (query: object) => ['dict', 'types', query] as const,
  items: (typeCode: string) => ['dict', 'items', typeCode] as const,
};
