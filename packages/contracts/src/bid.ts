import { z } from 'zod';
import { defineRoute } from './route.js';
import { pageOf, pageQuery } from './envelope.js';
import { amount, id, optionalText, requiredText } from './fields.js';
import { publicTender } from './tender.js';

export const BID_STATUSES = ['submitted', 'withdrawn', 'opened', 'won', 'lost', 'invalid'] as const;
export const bidStatus = z.enum(BID_STATUSES);
export type BidStatus = z.infer<typeof bidStatus>;

const wholeNumber = (field: string, label: string, max: number) =>
  z
    .number({ error: `${field}：${label}必须是数字` })
    .int(`${field}：${label}必须是整数`)
    .min(0, `${field}：${label}不能为负数`)
    .max(max, `${field}：${label}最大为 ${max}`);

/**
 * A bid price: the amount rule, but text is taken exactly as sent (' 12 ' is refused rather
 * than trimmed: a price is typed once and must mean one thing).
 */
export const bidPrice = z
  .union([z.number(), z.string()], { error: 'totalPrice：投标总价必须是数字' })
  .refine((v) => typeof v !== 'string' || v === v.trim(), 'totalPrice：投标总价不能包含空格')
  .pipe(amount('totalPrice', '投标总价'))
  .describe('totalPrice');

/** The sealed part of a quotation and its open terms (API.md, `server` mode). */
export const quotationFields = {
  totalPrice: bidPrice,
  currency: requiredText('currency', '币种', 10).default('CNY'),
  deliveryDays: wholeNumber('deliveryDays', '交货期（天）', 3650),
  warrantyMonths: wholeNumber('warrantyMonths', '质保期（月）', 600),
  remark: optionalText('备注', 2000),
  fileIds: z.array(id('fileIds')).max(20, 'fileIds：附件最多 20 个').default([]),
};
export const submitBidSchema = z.object({ tenderId: id('tenderId'), ...quotationFields });

export const receipt = z.object({
  bidId: z.number(),
  tenderId: z.number(),
  revision: z.number(),
  action: z.enum(['submit', 'reconfirm', 'withdraw']),
  submittedAt: z.string(),
  /** SHA-256 (hex) of the canonical bid including a sealed 256-bit nonce. */
  digest: z.string(),
});
export type Receipt = z.infer<typeof receipt>;

export const submitBid = defineRoute({
  method: 'POST',
  path: '/api/bidding/bid-management/submit-bid',
  summary: '提交或修改密封报价（每次提交生成新版本与回执）',
  tag: '投标报价',
  body: submitBidSchema,
  data: receipt,
});

export const withdrawBid = defineRoute({
  method: 'GET',
  path: '/api/bidding/bid-management/withdraw-bid',
  summary: '撤回投标（截止前）',
  tag: '投标报价',
  query: z.object({ bidId: id('bidId') }),
  data: receipt,
});

export const reconfirmBid = defineRoute({
  method: 'POST',
  path: '/api/bidding/bid-management/reconfirm-bid',
  summary: '澄清/修改后重新确认投标（内容不变，生成新版本与回执）',
  tag: '投标报价',
  body: z.object({ bidId: id('bidId') }),
  data: receipt,
});

/** The caller's own bid, readable by its own supplier only. */
export const myBid = z.object({
  bidId: z.number(),
  tenderId: z.number(),
  revision: z.number(),
  status: bidStatus,
  submittedAt: z.string(),
  digest: z.string().nullable(),
  needsReconfirm: z.boolean(),
  invalidReason: z.string().nullable(),
  totalPrice: z.number().nullable(),
  currency: z.string().nullable(),
  deliveryDays: z.number().nullable(),
  warrantyMonths: z.number().nullable(),
  remark: z.string().nullable(),
  files: z.array(z.object({ id: z.number(), name: z.string() })),
  revisions: z.array(receipt),
});
export type MyBid = z.infer<typeof myBid>;

export const biddableTender = publicTender.extend({
  signedUpAt: z.string(),
  myBid: myBid.nullable(),
  /** Why a bid is refused right now (deadline passed, company not approved …), or null. */
  bidRefusal: z.string().nullable(),
});
export type BiddableTender = z.infer<typeof biddableTender>;

export const listBiddableTtender = defineRoute({
  method: 'GET',
  path: '/api/bidding/bid-management/list-biddable-ttender',
  summary: '本公司已报名的招标及本公司的投标',
  tag: '投标报价',
  query: z.object(pageQuery),
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
});
export type OpeningEntry = z.infer<typeof openingEntry>;

export const openingRecord = z.object({
  tenderId: z.number(),
  tenderNo: z.string(),
  title: z.string(),
  openedAt: z.string(),
  openedByName: z.string(),
  entries: z.array(openingEntry),
  validCount: z.number(),
  minBids: z.number(),
  failed: z.boolean(),
});
export type OpeningRecord = z.infer<typeof openingRecord>;

export const openBids = defineRoute({
  method: 'POST',
  path: '/api/ttender/ttender/open-bids',
  summary: '开标（开标时间之后；重复调用返回同一开标记录）',
  tag: '开标',
  body: z.object({ id: id('id') }),
  data: openingRecord,
});

export const getOpeningRecord = defineRoute({
  method: 'GET',
  path: '/api/ttender/ttender/get-opening-record',
  summary: '开标记录（开标后：招标管理员与该招标的投标人）',
  tag: '开标',
  query: z.object({ tenderId: id('tenderId') }),
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
  summary: '开标后的投标比较（偏差、排名、围标串标预警）',
  tag: '开标',
  query: z.object({ tenderId: id('tenderId') }),
  data: z.object({
    bids: z.array(comparedBid),
    warnings: z.array(collusionWarning),
    budget: z.number(),
    award: z.object({ bidId: z.number(), reason: z.string(), awardedAt: z.string() }).nullable(),
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
  summary: '定标（一次；生成中标结果公告草稿）',
  tag: '开标',
  body: z.object({
    id: id('id'),
    bidId: id('bidId'),
    reason: requiredText('reason', '定标理由', 1000),
  }),
  data: z.object({ announcementId: z.number(), bidId: z.number() }),
});
