/** Query keys of a tender's 答疑; asking and answering invalidate the tender's `all`. */
export const questionKeys = {
  all: (tenderId: number) => ['question', tenderId] as const,
  list: (tenderId: number, query: object) => ['question', tenderId, 'list', query] as const,
};
