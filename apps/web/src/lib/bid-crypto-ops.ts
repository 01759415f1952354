import type { bidApi } from '@tender/contracts';
import {
  encryptFileBytes,
  sealQuotation,
  unwrapContentKey,
  WrongKeyError,
} from '@tender/contracts/bidder-sealing';

type Bytes = Uint8Array<ArrayBuffer>;

/** The operations the crypto worker runs; the same code runs inline where there is no Worker. */
export type BidCryptoRequest =
  | { op: 'seal'; quotation: bidApi.SealedQuotation; contentKey: Bytes; passphrase: string }
  | { op: 'unwrap'; sealed: bidApi.BidderSealed; passphrase: string }
  | { op: 'encryptFile'; plain: Bytes; contentKey: Bytes };

export interface BidCryptoResults {
  seal: bidApi.BidderSealed;
  unwrap: Bytes;
  encryptFile: Bytes;
}

export async function runBidCrypto(request: BidCryptoRequest) {
  switch (request.op) {
    case 'seal':
      return sealQuotation(request.quotation, request.contentKey, request.passphrase);
    case 'unwrap':
      return unwrapContentKey(request.sealed, request.passphrase);
    case 'encryptFile':
      return encryptFileBytes(request.plain, request.contentKey);
  }
}

/** Rebuilds an error that crossed the worker boundary (only name and message survive it). */
export function reviveError(error: { name: string; message: string }): Error {
  if (error.name === 'WrongKeyError') return new WrongKeyError(error.message);
  return new Error(error.message);
}
