/** Query keys of the caller's own bids; every bid mutation invalidates `all`. */
export const biddingKeys = {
  all: ['bidding'] as const,
  tenders: (query: object) => ['bidding', 'tenders', query] as const,
};

/**
 * Submitting and decrypting work through every attachment on the server (hashing, or decrypting
 * and re-sealing: up to 20 files of 50 MB), so they wait longer than the usual 5 s. Giving up
 * early would tell a supplier its bid failed while the server may still take it.
 */
export const ATTACHMENT_WORK_TIMEOUT_MS = 180_000;
