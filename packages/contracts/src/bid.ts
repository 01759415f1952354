import { z } from 'zod';
import { defineRoute } from './route.js';
import { optionalLotId, publicLot } from './lot.js';
import { pageOf, pageQuery } from './envelope.js';
import { amount, id, optionalText, requiredText } from './fields.js';
import { publicTender } from './tender.js';
import { sameAccountWarning } from './bond.js';

/** `rejected`: 否决 by the evaluation committee's majority (with `rejectGrounds`). */
export const BID_STATUSES = [
  'submitted',
  'withdrawn',
  'opened',
  'won',
  'lost',
  'invalid',
  'rejected',
] as const;
export const bidStatus = z.enum(BID_STATUSES);
export type BidStatus = z.infer<typeof bidStatus>;

const wholeNumber = (label: string, max: number) =>
  z
    .number({ error: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .min(0, `${label}不能为负数`)
    .max(max, `${label}最大为 ${max}`);

/**
 * A bid price: the amount rule, but text is taken exactly as sent (' 12 ' is refused rather
 * than trimmed: a price is typed once and must mean one thing).
 */
export const bidPrice = z
  .union([z.number(), z.string()], { error: '投标总价必须是数字' })
  .refine((v) => typeof v !== 'string' || v === v.trim(), '投标总价不能包含空格')
  .pipe(amount('totalPrice', '投标总价'))
  .describe('totalPrice');

/** The sealed part of a quotation and its open terms (API.md, `server` mode). */
export const quotationFields = {
  totalPrice: bidPrice,
  currency: requiredText('currency', '币种', 10).default('CNY'),
  deliveryDays: wholeNumber('交货期（天）', 3650),
  warrantyMonths: wholeNumber('质保期（月）', 600),
  remark: optionalText('备注', 2000),
  fileIds: z.array(id('fileIds')).max(20, '附件最多 20 个').default([]),
};

/** Base64 text of exactly `bytes` bytes (or, with `max`, between bytes and max). */
const base64Of = (field: string, label: string, bytes: number, max = bytes) =>
  z
    .string({ error: `${label}必须是 base64 文本` })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, `${label}必须是 base64 文本`)
    .refine((v) => v.length % 4 === 0, `${label}必须是 base64 文本`)
    .refine(
      (v) => {
        const length = (v.length / 4) * 3 - (v.endsWith('==') ? 2 : v.endsWith('=') ? 1 : 0);
        return length >= bytes && length <= max;
      },
      bytes === max ? `${label}必须是 ${bytes} 字节` : `${label}必须是 ${bytes}–${max} 字节`,
    )
    .describe(field);

/** PBKDF2-SHA-256 work factor (API.md): at least 600,000 iterations. */
export const MIN_PBKDF2_ITERATIONS = 600_000;
export const MAX_PBKDF2_ITERATIONS = 10_000_000;
/** The plaintext of a sealed quotation is a small JSON object; its ciphertext stays small. */
export const MAX_SEALED_CIPHERTEXT_BYTES = 64 * 1024;

/**
 * A bidder-sealed bid (API.md, `bidder` mode), an open format any client may produce: the
 * quotation JSON encrypted with AES-256-GCM under a content key only the bidder holds, that key
 * wrapped under a key derived from the bidder's passphrase by PBKDF2-SHA-256.
 */
export const bidderSealed = z
  .object({
    alg: z.literal('A256GCM', { error: '投标密文的加密算法只能是 A256GCM' }),
    ciphertext: base64Of('sealed.ciphertext', '投标密文的密文', 17, MAX_SEALED_CIPHERTEXT_BYTES),
    iv: base64Of('sealed.iv', '投标密文的初始向量', 12),
    /** The 32-byte content key plus the 16-byte GCM tag. */
    wrappedKey: base64Of('sealed.wrappedKey', '投标密文的封装密钥', 48),
    wrapIv: base64Of('sealed.wrapIv', '投标密文的封装初始向量', 12),
    salt: base64Of('sealed.salt', '投标密文的盐值', 16, 64),
    iterations: z
      .number({ error: '投标密文的迭代次数必须是数字' })
      .int('投标密文的迭代次数必须是整数')
      .min(MIN_PBKDF2_ITERATIONS, `投标密文的迭代次数至少为 ${MIN_PBKDF2_ITERATIONS}`)
      .max(MAX_PBKDF2_ITERATIONS, `投标密文的迭代次数最大为 ${MAX_PBKDF2_ITERATIONS}`),
  })
  .strict();
export type BidderSealed = z.infer<typeof bidderSealed>;

/** The plaintext a bidder encrypts: the same fields and rules as a `server`-mode quotation. */
export const sealedQuotation = z.object(quotationFields);
export type SealedQuotation = z.infer<typeof sealedQuotation>;

/** What only the bidder may know before the opening: sent in the clear in `server` mode only. */
const SEALED_ONLY_FIELDS = {
  totalPrice: '投标总价',
  deliveryDays: '交货期（天）',
  warrantyMonths: '质保期（月）',
  remark: '备注',
} as const;

/**
 * One body for both seal modes (the server checks it against the tender's mode). `server`
 * mode: the quotation in the clear over TLS, sealed by the server. `bidder` mode: `sealed`
 * only, plus the ids of the attachments, which the browser encrypted with the same content key
 * before upload (ids and sizes reveal nothing of the price).
 */
export const submitBidSchema = z
  .object({
    tenderId: id('tenderId'),
    /** The lot bid for: may be left out on a one-lot tender. */
    lotId: optionalLotId,
    totalPrice: bidPrice.optional(),
    currency: quotationFields.currency,
    deliveryDays: quotationFields.deliveryDays.optional(),
    warrantyMonths: quotationFields.warrantyMonths.optional(),
    remark: quotationFields.remark,
    fileIds: quotationFields.fileIds,
    sealed: bidderSealed.optional(),
  })
  .superRefine((bid, ctx) => {
    for (const [field, label] of Object.entries(SEALED_ONLY_FIELDS)) {
      const value = bid[field as keyof typeof SEALED_ONLY_FIELDS];
      if (bid.sealed && value !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: `投标人加密模式下${label}只能放在投标密文中`,
        });
      if (!bid.sealed && value === undefined && field !== 'remark')
        ctx.addIssue({ code: 'custom', path: [field], message: `${label}不能为空` });
    }
  });
export type SubmitBidInput = z.input<typeof submitBidSchema>;

export const receipt = z.object({
  bidId: z.number(),
  tenderId: z.number(),
  lotId: z.number(),
  revision: z.number(),
  action: z.enum(['submit', 'reconfirm', 'withdraw']),
  submittedAt: z.string(),
  /** SHA-256 (hex) of the canonical bid including a sealed 256-bit nonce. */
  digest: z.string(),
});
export type Receipt = z.infer<typeof receipt>;

/**
 * What a `server`-mode submission sent, echoed in its own answer only (the screen offers it as
 * the 回执 to keep): afterwards nothing answers a price before the opening, not even to the
 * bidding supplier. Never read back from the store.
 */
export const submittedQuotation = z.object({
  /** As the digest covers it: two decimals. */
  totalPrice: z.string(),
  currency: z.string(),
  deliveryDays: z.number(),
  warrantyMonths: z.number(),
  remark: z.string(),
  fileIds: z.array(z.number()),
});
export type SubmittedQuotation = z.infer<typeof submittedQuotation>;

export const submissionReceipt = receipt.extend({
  /** `server` mode: the quotation as sent; `bidder` mode: null (the server cannot read it). */
  quotation: submittedQuotation.nullable(),
});
export type SubmissionReceipt = z.infer<typeof submissionReceipt>;

export const submitBid = defineRoute({
  method: 'POST',
  path: '/api/bidding/bid-management/submit-bid',
  summary: '提交或修改密封报价（每次提交生成新版本与回执；回执附本次所提交的报价）',
  tag: '投标报价',
  body: submitBidSchema,
  data: submissionReceipt,
});

export const withdrawBid = defineRoute({
  method: 'GET',
  path: '/api/bidding/bid-management/withdraw-bid',
  summary: '撤回投标（截止前）',
  tag: '投标报价',
  query: z.object({ bidId: id('bidId'), lotId: optionalLotId }),
  data: receipt,
});

export const reconfirmBid = defineRoute({
  method: 'POST',
  path: '/api/bidding/bid-management/reconfirm-bid',
  summary: '澄清/修改后重新确认投标（内容不变，生成新版本与回执）',
  tag: '投标报价',
  body: z.object({ bidId: id('bidId'), lotId: optionalLotId }),
  data: receipt,
});

/**
 * The caller's company's own bid. Sealed means sealed for the company too (PRODUCT.md, Bid
 * rules): before the opening only its receipts — revision, time, digest, the attachments'
 * names and sizes — and no term (price, delivery, warranty, remark: null); after the opening
 * its terms as opened.
 */
export const myBid = z.object({
  bidId: z.number(),
  tenderId: z.number(),
  lotId: z.number(),
  revision: z.number(),
  status: bidStatus,
  submittedAt: z.string(),
  digest: z.string().nullable(),
  needsReconfirm: z.boolean(),
  invalidReason: z.string().nullable(),
  /** `bidder` mode: when its bidder decrypted it at the opening (null until then). */
  decryptedAt: z.string().nullable(),
  totalPrice: z.number().nullable(),
  currency: z.string().nullable(),
  deliveryDays: z.number().nullable(),
  warrantyMonths: z.number().nullable(),
  remark: z.string().nullable(),
  /** Names and sizes (bytes) only: a bid file is downloadable after the opening. */
  files: z.array(z.object({ id: z.number(), name: z.string(), size: z.number() })),
  /** After the opening: the attachments in the order the receipt digest covers; else null. */
  fileIds: z.array(z.number()).nullable(),
  revisions: z.array(receipt),
});
export type MyBid = z.infer<typeof myBid>;

export const biddableTender = publicTender.extend({
  signedUpAt: z.string(),
  /** Every lot of the tender (without the internal minimum); the company bids on signedUpLotIds. */
  lots: z.array(publicLot),
  signedUpLotIds: z.array(z.number()),
  /** The company's bid on each lot it bid for, in lot order. */
  myBids: z.array(myBid),
  /** The bid on the first lot the company signed up for (a one-lot tender's one bid), or null. */
  myBid: myBid.nullable(),
  /** Why a bid is refused right now (deadline passed, company not approved …), or null. */
  bidRefusal: z.string().nullable(),
  /** Why the tender ended without an award: `cancelled` (the reason given), `failed` (流标). */
  endReason: z.string().nullable(),
});
export type BiddableTender = z.infer<typeof biddableTender>;

export const listBiddableTtender = defineRoute({
  method: 'GET',
  path: '/api/bidding/bid-management/list-biddable-ttender',
  summary: '本公司已报名的招标及本公司的投标（tenderId：只列这一个项目）',
  tag: '投标报价',
  query: z.object({ ...pageQuery, tenderId: id('tenderId').optional() }),
  data: pageOf(biddableTender),
});

export const listMyBids = defineRoute({
  method: 'GET',
  path: '/api/bidding/bid-management/list-my-bids',
  summary: '本公司的投标（含历次版本与结果）',
  tag: '投标报价',
  query: z.object(pageQuery),
  data: pageOf(myBid.extend({ tenderNo: z.string(), tenderTitle: z.string() })),
});

export const openingEntry = z.object({
  bidId: z.number(),
  lotId: z.number(),
  supplierId: z.number(),
  supplierName: z.string(),
  totalPrice: z.number().nullable(),
  totalPriceInWords: z.string().nullable(),
  currency: z.string().nullable(),
  deliveryDays: z.number().nullable(),
  warrantyMonths: z.number().nullable(),
  submittedAt: z.string(),
  revision: z.number(),
  digest: z.string(),
  nonce: z.string().nullable(),
  valid: z.boolean(),
  invalidReason: z.string().nullable(),
  /** `bidder` mode: when the bidder decrypted (null: 解密失败). */
  decryptedAt: z.string().nullable(),
});
export type OpeningEntry = z.infer<typeof openingEntry>;

/** A supplier's confirmation of, or objection to, the opening record, with the answer. */
export const openingConfirmation = z.object({
  supplierId: z.number(),
  supplierName: z.string(),
  agree: z.boolean(),
  objection: z.string().nullable(),
  confirmedAt: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type OpeningConfirmation = z.infer<typeof openingConfirmation>;

/** A lot's section of the opening record: it fails alone with fewer valid bids than minBids. */
export const openingLotSection = z.object({
  lotId: z.number(),
  lotNo: z.number(),
  name: z.string(),
  minBids: z.number(),
  validCount: z.number(),
  failed: z.boolean(),
});
export type OpeningLotSection = z.infer<typeof openingLotSection>;

/**
 * One record for the whole tender (the opening is one act), a section per lot. With `lotId`
 * asked for, `entries`, `validCount`, `minBids` and `failed` are that lot's; otherwise the
 * entries of every lot, the valid bids of all, the smallest minimum, and `failed` only when
 * every lot failed.
 */
export const openingRecord = z.object({
  tenderId: z.number(),
  tenderNo: z.string(),
  title: z.string(),
  openedAt: z.string(),
  openedByName: z.string(),
  lots: z.array(openingLotSection),
  entries: z.array(openingEntry),
  validCount: z.number(),
  minBids: z.number(),
  failed: z.boolean(),
  sealMode: z.enum(['server', 'bidder']),
  /** `bidder` mode: the decryption window as it ran (start, end, the one extension). */
  decryption: z
    .object({
      startedAt: z.string(),
      until: z.string(),
      extendedMinutes: z.number().nullable(),
      extendReason: z.string().nullable(),
    })
    .nullable(),
  /** Each participating supplier confirms the record or objects to it before this time. */
  confirmUntil: z.string(),
  confirmations: z.array(openingConfirmation),
});
export type OpeningRecord = z.infer<typeof openingRecord>;

/**
 * A running `bidder`-mode opening: who has decrypted, never what, until the window ends or
 * everyone has decrypted and the manager finishes the opening.
 */
export const openingCeremony = z.object({
  tenderId: z.number(),
  startedAt: z.string(),
  decryptUntil: z.string(),
  extendedMinutes: z.number().nullable(),
  extendReason: z.string().nullable(),
  bids: z.array(
    z.object({
      bidId: z.number(),
      lotId: z.number(),
      supplierId: z.number(),
      supplierName: z.string(),
      decryptedAt: z.string().nullable(),
    }),
  ),
  /** finish-opening is allowed now: every bid decrypted, or the window has ended. */
  canFinish: z.boolean(),
});
export type OpeningCeremony = z.infer<typeof openingCeremony>;

export const openBids = defineRoute({
  method: 'POST',
  path: '/api/ttender/ttender/open-bids',
  summary: '开标（开标时间之后；服务器密封：开标记录；投标人加密：开始解密，重复调用不改变）',
  tag: '开标',
  body: z.object({ id: id('id') }),
  data: z.union([openingRecord, openingCeremony]),
});

export const getOpeningCeremony = defineRoute({
  method: 'GET',
  path: '/api/ttender/ttender/get-opening-ceremony',
  summary: '不见面开标进度（谁已解密，不含报价）',
  tag: '开标',
  query: z.object({ tenderId: id('tenderId') }),
  data: openingCeremony,
});

export const extendDecryption = defineRoute({
  method: 'POST',
  path: '/api/ttender/ttender/extend-decryption',
  summary: '延长解密时间（投标人加密模式，仅一次，须说明理由）',
  tag: '开标',
  body: z.object({
    id: id('id'),
    minutes: z.coerce
      .number({ error: '延长时长必须是数字（分钟）' })
      .int('延长时长必须是整数（分钟）')
      .min(5, '延长时长最少 5 分钟')
      .max(120, '延长时长最多 120 分钟'),
    reason: requiredText('reason', '延长理由', 500),
  }),
  data: openingCeremony,
});

export const finishOpening = defineRoute({
  method: 'POST',
  path: '/api/ttender/ttender/finish-opening',
  summary: '结束解密并生成开标记录（全部解密或解密时间结束后）',
  tag: '开标',
  body: z.object({ id: id('id') }),
  data: openingRecord,
});

export const decryptBid = defineRoute({
  method: 'POST',
  path: '/api/bidding/bid-management/decrypt-bid',
  summary: '解密本公司投标（解密时间内，提交内容密钥）',
  tag: '投标报价',
  body: z.object({
    bidId: id('bidId'),
    lotId: optionalLotId,
    contentKey: base64Of('contentKey', '内容密钥', 32),
  }),
  data: z.object({
    bidId: z.number(),
    lotId: z.number(),
    decryptedAt: z.string(),
    /** The receipt digest recomputed over what was stored matches the receipt. */
    digestVerified: z.boolean(),
    valid: z.boolean(),
    invalidReason: z.string().nullable(),
  }),
});

/** The caller's own sealed bid, so the browser can check its key locally before sending it. */
export const getMySealedBid = defineRoute({
  method: 'GET',
  path: '/api/bidding/bid-management/get-my-sealed-bid',
  summary: '本公司投标的密文（仅投标人加密模式，供浏览器本地校验口令）',
  tag: '投标报价',
  query: z.object({ bidId: id('bidId') }),
  data: z.object({
    bidId: z.number(),
    tenderId: z.number(),
    lotId: z.number(),
    revision: z.number(),
    digest: z.string(),
    sealed: bidderSealed,
    fileIds: z.array(z.number()),
    /** SHA-256 of each uploaded ciphertext (fileIds order): the receipt digest covers them. */
    fileSha256: z.array(z.string()),
  }),
});

export const confirmOpeningRecord = defineRoute({
  method: 'POST',
  path: '/api/bidding/bid-management/confirm-opening-record',
  summary: '确认开标记录或提出异议（开标后限时）',
  tag: '投标报价',
  body: z
    .object({
      tenderId: id('tenderId'),
      agree: z.boolean({ error: '确认意见必须是 true（同意）或 false（不同意）' }),
      objection: optionalText('异议内容', 2000),
    })
    .superRefine((input, ctx) => {
      if (!input.agree && !input.objection)
        ctx.addIssue({
          code: 'custom',
          path: ['objection'],
          message: '不同意开标记录时必须填写异议内容',
        });
    }),
  data: openingConfirmation,
});

export const answerOpeningObjection = defineRoute({
  method: 'POST',
  path: '/api/ttender/ttender/answer-opening-objection',
  summary: '答复投标人对开标记录的异议（当场答复，计入开标记录）',
  tag: '开标',
  body: z.object({
    tenderId: id('tenderId'),
    supplierId: id('supplierId'),
    answer: requiredText('answer', '答复内容', 2000),
  }),
  data: openingConfirmation,
});

export const getOpeningRecord = defineRoute({
  method: 'GET',
  path: '/api/ttender/ttender/get-opening-record',
  summary: '开标记录（开标后：招标管理员与该招标的投标人；每个标段一节）',
  tag: '开标',
  query: z.object({ tenderId: id('tenderId'), lotId: optionalLotId }),
  data: openingRecord,
});

export const comparedBid = openingEntry.extend({
  status: bidStatus,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  files: z.array(z.object({ id: z.number(), name: z.string(), sha256: z.string() })),
  /** Percent above (+) or below (−) the budget and the lowest valid price. */
  deviationFromBudget: z.number().nullable(),
  deviationFromLowest: z.number().nullable(),
  rank: z.number().nullable(),
});
export const collusionWarning = z.object({
  kind: z.enum(['same-ip', 'same-browser', 'same-file', 'same-price']),
  message: z.string(),
  bidIds: z.array(z.number()),
});
export const listBidsByTender = defineRoute({
  method: 'GET',
  path: '/api/ttender/ttender/list-bids-by-tender',
  summary: '开标后的投标比较（按标段：偏差、排名、围标串标预警）',
  tag: '开标',
  query: z.object({ tenderId: id('tenderId'), lotId: optionalLotId }),
  data: z.object({
    /** The lot compared (a one-lot tender's one lot when lotId was left out). */
    lotId: z.number(),
    bids: z.array(comparedBid),
    warnings: z.array(collusionWarning),
    /** The lot's budget. */
    budget: z.number(),
    award: z.object({ bidId: z.number(), reason: z.string(), awardedAt: z.string() }).nullable(),
    /**
     * Why 定标 would be refused now (the award's own rule: the publicity, unanswered objections),
     * or null; and when that reason lifts by itself (a running publicity's end), or null.
     */
    awardBlockedReason: z.string().nullable(),
    awardableFrom: z.string().nullable(),
    /**
     * R 40: suppliers of the lot whose bid bonds came from the same bank account (masked).
     * Always sent; optional only so that clients built before it still read the reply.
     */
    sameAccountWarnings: z.array(sameAccountWarning).optional(),
  }),
});

/** Before the opening managers learn only how many bids exist, and only after the deadline. */
export const getBidCount = defineRoute({
  method: 'GET',
  path: '/api/ttender/ttender/get-bid-count',
  summary: '投标数量（截止后可见；截止前 409）',
  tag: '开标',
  query: z.object({ tenderId: id('tenderId') }),
  data: z.object({ count: z.number() }),
});

export const awardTtender = defineRoute({
  method: 'POST',
  path: '/api/ttender/ttender/award-ttender',
  summary: '定标（每个标段一次；兼投不兼中；生成该标段的中标结果公告草稿）',
  tag: '开标',
  body: z.object({
    id: id('id'),
    lotId: optionalLotId,
    bidId: id('bidId'),
    reason: requiredText('reason', '定标理由', 1000),
  }),
  data: z.object({ announcementId: z.number(), bidId: z.number() }),
});
