import type { bidApi } from '@tender/contracts';
import {
  reviveError,
  runBidCrypto,
  type BidCryptoRequest,
  type BidCryptoResults,
} from './bid-crypto-ops';

type Bytes = Uint8Array<ArrayBuffer>;
type Op = BidCryptoRequest['op'];
type Pending = { resolve: (value: never) => void; reject: (error: Error) => void };

let worker: Worker | null | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

/** One worker for the page, made on first use; null where Worker is missing (tests, old browsers). */
function cryptoWorker(): Worker | null {
  if (worker !== undefined) return worker;
  if (typeof Worker === 'undefined') return (worker = null);
  try {
    worker = new Worker(new URL('./bid-crypto.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return (worker = null);
  }
  worker.onmessage = ({ data }: MessageEvent) => {
    const waiting = pending.get(data.id);
    pending.delete(data.id);
    if (data.ok) waiting?.resolve(data.result as never);
    else waiting?.reject(reviveError(data.error));
  };
  // A worker that cannot load fails every call waiting on it; the next call runs inline.
  worker.onerror = () => {
    for (const waiting of pending.values()) waiting.reject(new Error('浏览器加密组件加载失败'));
    pending.clear();
    worker = null;
  };
  return worker;
}

/** Runs one operation in the worker (or inline without one). */
function run<O extends Op>(
  request: Extract<BidCryptoRequest, { op: O }>,
): Promise<BidCryptoResults[O]> {
  const target = cryptoWorker();
  if (!target) return runBidCrypto(request) as Promise<BidCryptoResults[O]>;
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve: resolve as Pending['resolve'], reject });
    // The file's bytes move to the worker rather than being copied (50 MB).
    const transfer = 'plain' in request ? [request.plain.buffer] : [];
    target.postMessage({ id, ...request }, transfer);
  });
}

/** The `sealed` object of a quotation (PBKDF2 runs in the worker). */
export const sealInBrowser = (
  quotation: bidApi.SealedQuotation,
  contentKey: Bytes,
  passphrase: string,
) => run({ op: 'seal', quotation, contentKey, passphrase });

/** The content key from the passphrase; a wrong passphrase rejects with WrongKeyError. */
export const unwrapInBrowser = (sealed: bidApi.BidderSealed, passphrase: string) =>
  run({ op: 'unwrap', sealed, passphrase });

/** A bid file encrypted with the content key, ready for upload (same name, opaque bytes). */
export async function encryptFileForBid(file: File, contentKey: Bytes): Promise<File> {
  const plain = new Uint8Array(await file.arrayBuffer());
  const sealed = await run({ op: 'encryptFile', plain, contentKey });
  return new File([sealed], file.name, { type: 'application/octet-stream' });
}
