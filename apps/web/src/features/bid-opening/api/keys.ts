/** Query keys of one tender's bids, opening record and comparison; open and award invalidate `tender`. */
export const bidOpeningKeys = {
  all: ['bid-opening'] as const,
  tender: (tenderId: number) => ['bid-opening', tenderId] as const,
  count: (tenderId: number) => ['bid-opening', tenderId, 'count'] as const,
  record: (tenderId: number) => ['bid-opening', tenderId, 'record'] as const,
  ceremony: (tenderId: number) => ['bid-opening', tenderId, 'ceremony'] as const,
  comparison: (tenderId: number) => ['bid-opening', tenderId, 'comparison'] as const,
};
