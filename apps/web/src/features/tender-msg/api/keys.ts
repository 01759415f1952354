/** Query keys of the bidder's tender screens; a sign-up invalidates `all`. */
export const openTenderKeys = {
  all: ['open-tender'] as const,
  list: (query: object) => ['open-tender', 'list', query] as const,
  detail: (id: number) => ['open-tender', 'detail', id] as const,
  amendments: (id: number) => ['open-tender', 'amendments', id] as const,
  mySupplier: () => ['open-tender', 'my-supplier'] as const,
};
