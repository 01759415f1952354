/** Query keys of the caller's own bids; every bid mutation invalidates `all`. */
export const biddingKeys = {
  all: ['bidding'] as const,
  tenders: (query: object) => ['bidding', 'tenders', query] as const,
  record: (tenderId: number) => ['bidding', 'record', tenderId] as const,
};
