import { z } from 'zod';
import { CONTENT_KEY_BYTES, fromBase64, toBase64 } from '@tender/contracts/bidder-sealing';

/**
 * 密码信封: a JSON file the supplier keeps offline after a `bidder`-mode submission. It holds
 * the bid's raw content key (what the passphrase unwraps), so whoever has the file can decrypt
 * the bid at the opening without the passphrase — and, like the passphrase, it never reaches the
 * server before the opening. The binding fields let the browser refuse, before sending anything,
 * an envelope of another tender, another bid or an older revision.
 */
export const ENVELOPE_FORMAT = 'tender-bid-envelope';
export const ENVELOPE_VERSION = 1;

const envelopeSchema = z.object({
  format: z.literal(ENVELOPE_FORMAT),
  version: z.literal(ENVELOPE_VERSION),
  alg: z.literal('A256GCM'),
  contentKey: z
    .string()
    .refine((key) => /^[A-Za-z0-9+/]+={0,2}$/.test(key) && key.length === 44, 'contentKey'),
  tenderId: z.number().int().positive(),
  tenderNo: z.string(),
  tenderTitle: z.string(),
  /** The lot's number on a tender of several lots (one envelope per lot's bid). */
  lotNo: z.number().int().positive().optional(),
  bidId: z.number().int().positive(),
  revision: z.number().int().positive(),
  digest: z.string(),
  createdAt: z.string(),
});
export type BidEnvelope = z.infer<typeof envelopeSchema>;

export function makeEnvelope(
  contentKey: Uint8Array,
  tender: {
    id: number;
    tenderNo: string;
    title: string;
    lot?: { lotNo: number };
    multiLot?: boolean;
  },
  receipt: { bidId: number; revision: number; digest: string; submittedAt: string },
): BidEnvelope {
  return {
    format: ENVELOPE_FORMAT,
    version: ENVELOPE_VERSION,
    alg: 'A256GCM',
    contentKey: toBase64(contentKey),
    tenderId: tender.id,
    tenderNo: tender.tenderNo,
    tenderTitle: tender.title,
    ...(tender.multiLot && tender.lot ? { lotNo: tender.lot.lotNo } : {}),
    bidId: receipt.bidId,
    revision: receipt.revision,
    digest: receipt.digest,
    createdAt: receipt.submittedAt,
  };
}

export const envelopeFileName = (envelope: BidEnvelope) =>
  `密码信封-${envelope.tenderNo}${envelope.lotNo ? `-标段${envelope.lotNo}` : ''}-第${envelope.revision}版.json`;

export const envelopeBlob = (envelope: BidEnvelope) =>
  new Blob([JSON.stringify(envelope, null, 2)], { type: 'application/json' });

/** Reads a picked file as an envelope; a file of any other kind throws a clear message. */
export function parseEnvelope(text: string): BidEnvelope {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('所选文件不是密码信封（不是 JSON 文件）');
  }
  const parsed = envelopeSchema.safeParse(json);
  if (!parsed.success) throw new Error('所选文件不是本系统生成的密码信封，或已被改动');
  return parsed.data;
}

/**
 * Why this envelope cannot open this bid (checked locally, before anything is sent), or null.
 * The key itself is then tried on the ciphertext: only that proves it is the right revision.
 */
export function envelopeMismatch(
  envelope: BidEnvelope,
  bid: { tenderId: number; bidId: number },
  tenderNo: string,
): string | null {
  if (envelope.tenderId !== bid.tenderId)
    return `该密码信封属于另一个招标项目（${envelope.tenderNo}），不是本项目 ${tenderNo} 的信封`;
  if (envelope.bidId !== bid.bidId) return '该密码信封属于另一份投标，不能解密本公司的这份投标';
  return null;
}

export const envelopeKey = (envelope: BidEnvelope) => {
  const key = fromBase64(envelope.contentKey);
  if (key.length !== CONTENT_KEY_BYTES) throw new Error('密码信封中的密钥长度不正确');
  return key;
};
