/** Query keys of the bidder's tender screens; a sign-up invalidates `all`. */
export const openTenderKeys = {
  all: ['open-tender'] as const,
  list: (query: object) => ['open-tender', 'list', query] as const,
};
