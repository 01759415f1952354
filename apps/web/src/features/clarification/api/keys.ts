/** Query keys of the bidder's clarifications; answering invalidates `all`. */
export const clarificationKeys = {
  all: ['clarification'] as const,
  list: (query: object) => ['clarification', 'list', query] as const,
};
