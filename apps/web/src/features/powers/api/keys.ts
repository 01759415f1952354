/** Query keys of powers; every power mutation invalidates `all`. */
export const powerKeys = {
  all: ['power'] as const,
  tree: (filter: object) => ['power', 'tree', filter] as const,
  superiors: (type: string) => ['power', 'superiors', type] as const,
};
