/// <reference lib="webworker" />
import { runBidCrypto, type BidCryptoRequest } from './bid-crypto-ops';

/**
 * Runs the slow parts of bidder-side sealing off the page's thread: PBKDF2 with 600,000
 * iterations, and AES-GCM over attachments of up to 50 MB. Answers `{ id, ok, result | error }`.
 */
self.onmessage = async (event: MessageEvent<BidCryptoRequest & { id: number }>) => {
  const { id, ...request } = event.data;
  try {
    const result = await runBidCrypto(request);
    const transfer = result instanceof Uint8Array ? [result.buffer] : [];
    self.postMessage({ id, ok: true, result }, { transfer });
  } catch (error) {
    const { name, message } = error instanceof Error ? error : new Error(String(error));
    self.postMessage({ id, ok: false, error: { name, message } });
  }
};
