import { bidApi } from '@tender/contracts';
import { request } from '@/lib/request';

/** The company's own sealed bid, so the browser can check a passphrase or envelope locally. */
export const fetchMySealedBid = (bidId: number) =>
  request(bidApi.getMySealedBid, { bidId }, { quiet: true });
