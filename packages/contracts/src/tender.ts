import { z } from 'zod';
import { defineRoute } from './route.js';
import { pageOf, pageQuery } from './envelope.js';
import { amount, id, isoDateTime, phone, emptyToNull, requiredText, intIn } from './fields.js';
import {
  DEFAULT_PROCUREMENT_METHOD,
  PROCUREMENT_METHOD_CODES,
  procurementMethodLabel,
} from './procurement-method.js';
import { lot, lotIdList, lotList, maxLotsPerWinner, publicLot } from './lot.js';
import { evaluationSettings, evaluationView } from './evaluation.js';
import { reportCandidates } from './announcement.js';
import { DEFAULT_BOND_FORMS, bondForm, bondForms } from './bond.js';

/**
 * Effective statuses: `closed` is derived from `published` and the server clock; `evaluating`
 * from `opened` while a committee evaluates one of its lots (EVALUATION.md §2).
 */
export const TENDER_STATUSES = [
  'draft',
  'published',
  'closed',
  'opening',
  'opened',
  'evaluating',
  'awarded',
  'cancelled',
  'failed',
] as const;
export const tenderStatus = z.enum(TENDER_STATUSES, {
  error: `招标状态只能是 ${TENDER_STATUSES.join('、')}`,
});
export type TenderStatus = z.infer<typeof tenderStatus>;

/**
 * The bids are open and the opening record exists: an `evaluating` tender is opened too (its
 * opening record, comparison, publicity and award apply as to an `opened` one).
 */
export const OPENED_TENDER_STATUSES = [
  'opened',
  'evaluating',
  'awarded',
  'failed',
] as const satisfies readonly TenderStatus[];
export const bidsAreOpened = (status: string) =>
  (OPENED_TENDER_STATUSES as readonly string[]).includes(status);

export const procurementMethod = z.enum(PROCUREMENT_METHOD_CODES, {
  error: `采购方式只能是 ${PROCUREMENT_METHOD_CODES.map((m) => `${m}（${procurementMethodLabel(m)}）`).join('或 ')}`,
});
export const sealMode = z.enum(['server', 'bidder'], {
  error: '密封方式只能是 server（服务器密封）或 bidder（投标人加密）',
});

/** Statutory numbers (PRODUCT.md, China's tendering law) for `mandatory` tenders. */
export const MANDATORY_MIN_BIDDING_DAYS = 20;
export const MANDATORY_MIN_DOCS_DAYS = 5;
export const MANDATORY_AMENDMENT_DAYS = 15;
/** A tender the law requires fails with fewer than three valid bids (招标投标法实施条例 §44). */
export const MANDATORY_MIN_BIDS = 3;

/** The minimum the opening applies: never below three on a mandatory tender, whatever was stored. */
export const effectiveMinBids = (tender: { mandatory: boolean; minBids: number }) =>
  tender.mandatory ? Math.max(MANDATORY_MIN_BIDS, tender.minBids) : tender.minBids;
export const MAX_DESCRIPTION_LENGTH = 50_000;

const idList = (field: string, label: string, max: number) =>
  z.array(id(field), { error: `${label}必须是数组` }).max(max, `${label}最多 ${max} 个`);

/** Every field a manager writes; the server fills defaults for those left out. */
export const tenderFields = {
  title: requiredText('title', '招标标题', 200),
  category: requiredText('category', '设备类别', 50),
  procurementMethod: procurementMethod.default(DEFAULT_PROCUREMENT_METHOD),
  budget: amount('budget', '预算金额'),
  currency: requiredText('currency', '币种', 10).default('CNY'),
  region: emptyToNull(requiredText('region', '地区', 50)),
  description: z
    .string()
    .max(MAX_DESCRIPTION_LENGTH, `招标内容最多 ${MAX_DESCRIPTION_LENGTH} 个字符`)
    .default(''),
  contact: emptyToNull(requiredText('contact', '联系人', 50)),
  contactPhone: emptyToNull(phone),
  mandatory: z.boolean({ error: '依法必须招标必须是 true 或 false' }).default(false),
  docsFrom: emptyToNull(isoDateTime('docsFrom')),
  docsUntil: emptyToNull(isoDateTime('docsUntil')),
  bidValidityDays: intIn('投标有效期（天）', 1, 365).default(90),
  bidDeadline: isoDateTime('bidDeadline'),
  /** Omitted: the deadline itself (the law opens bids at the deadline). */
  openingAt: emptyToNull(isoDateTime('openingAt')),
  minBids: intIn('最少有效投标数', 1, 50).default(3),
  priceCeiling: emptyToNull(amount('priceCeiling', '最高投标限价')),
  sealMode: sealMode.default('server'),
  decryptionMinutes: intIn('解密时长（分钟）', 5, 240).default(30),
  /** After the opening, suppliers confirm the record or object to it within this time. */
  confirmMinutes: intIn('开标记录确认时长（分钟）', 5, 1440).default(30),
  invitedSupplierIds: idList('invitedSupplierIds', '受邀供应商', 200).default([]),
  documentIds: idList('documentIds', '招标文件', 50).default([]),
  /**
   * Left out: one lot made from the tender's budget, ceiling and minimum bids. Sent: the
   * tender's budget is their sum (a `budget` sent beside them is ignored).
   */
  lots: lotList.optional(),
  maxLotsPerWinner,
  /**
   * 评标设置 (EVALUATION.md §2). Left out: the defaults, with a committee on a `mandatory`
   * tender (the law requires one there).
   */
  evaluation: evaluationSettings.optional(),
  /**
   * 答疑截止 (EVALUATION.md §3). Empty: 10 days before the deadline on a `mandatory` tender,
   * 1 day otherwise (defaultQuestionsUntil); never after the deadline.
   */
  questionsUntil: emptyToNull(isoDateTime('questionsUntil')),
  /** The bid bond forms accepted (EVALUATION.md §4); left out: all three. */
  bondForms: bondForms.default([...DEFAULT_BOND_FORMS]),
};

export const tenderDocument = z.object({
  id: z.number(),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
  sha256: z.string(),
  createdAt: z.string(),
});
export type TenderDocument = z.infer<typeof tenderDocument>;

/** What anyone may see of a published tender: no internal fields, no sign-ups. */
export const publicTender = z.object({
  id: z.number(),
  tenderNo: z.string(),
  title: z.string(),
  category: z.string(),
  procurementMethod,
  budget: z.number(),
  currency: z.string(),
  region: z.string().nullable(),
  description: z.string(),
  contact: z.string().nullable(),
  contactPhone: z.string().nullable(),
  mandatory: z.boolean(),
  docsFrom: z.string().nullable(),
  docsUntil: z.string().nullable(),
  bidValidityDays: z.number(),
  bidDeadline: z.string(),
  openingAt: z.string(),
  priceCeiling: z.number().nullable(),
  sealMode,
  /** `bidder` mode while the decryption window runs (status `opening`), else null. */
  decryptUntil: z.string().nullable(),
  status: tenderStatus,
  publishedAt: z.string().nullable(),
  amendmentCount: z.number(),
  lotCount: z.number(),
});
export type PublicTender = z.infer<typeof publicTender>;

/** An announcement of the tender that anyone may read: its 候选人公示 or 结果公告. */
export const tenderAnnouncementLink = z.object({
  id: z.number(),
  kind: z.enum(['candidates', 'result']),
  title: z.string(),
  /** A revoked one stays readable, with its reason. */
  status: z.enum(['published', 'revoked']),
  publishedAt: z.string().nullable(),
});
export type TenderAnnouncementLink = z.infer<typeof tenderAnnouncementLink>;

/** The public detail: the tender, and its published announcements (oldest first). */
/** What a supplier prepares against besides the dates: 答疑 and the bid bond's forms. */
export const tenderTerms = {
  /** Effective: the stored one or its default. */
  questionsUntil: z.string(),
  bondForms: z.array(bondForm),
};

export const publicTenderDetail = publicTender.extend({
  ...tenderTerms,
  lots: z.array(publicLot),
  maxLotsPerWinner: z.number().nullable(),
  evaluation: evaluationView,
  announcements: z.array(tenderAnnouncementLink),
});
export type PublicTenderDetail = z.infer<typeof publicTenderDetail>;

export const tender = publicTender.extend({
  minBids: z.number(),
  decryptionMinutes: z.number(),
  confirmMinutes: z.number(),
  invitedSupplierIds: z.array(z.number()),
  documentIds: z.array(z.number()),
  documents: z.array(tenderDocument),
  cancelReason: z.string().nullable(),
  retenderOf: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  ...tenderTerms,
  /** No 答疑截止 was set: questionsUntil is the default, and follows the deadline. */
  questionsUntilDefault: z.boolean(),
});
export type Tender = z.infer<typeof tender>;

/** A row of 招标管理's list: the tender and how many of its lots are 合同逾期 (EVALUATION.md §5). */
export const tenderListRow = tender.extend({
  /** Awarded lots past their contract due day (notice + 30 days) without a contract. */
  contractOverdue: z.number(),
});
export type TenderListRow = z.infer<typeof tenderListRow>;

export const listTenderQuery = z.object({
  ...pageQuery,
  keyword: z.string().trim().max(100).optional(),
  category: z.string().trim().max(50).optional(),
  status: tenderStatus.optional(),
  procurementMethod: procurementMethod.optional(),
});
/**
 * `total` is a lower bound, and more than the page reaches: a keyword, or a status on the clock
 * or derived from reports, is not counted to the end once its matches are many (a common
 * keyword among a million tenders). Absent when the total is exact. Show "至少 {total} 条"
 * rather than "共 {total} 条".
 */
const totalIsMinimum = z.boolean().optional();

export const listTtender = defineRoute({
  method: 'GET',
  path: '/api/ttender/ttender/list-ttender',
  summary: '招标分页列表（状态按服务器时钟实时计算）',
  tag: '招标管理',
  query: listTenderQuery,
  data: pageOf(tenderListRow).extend({ totalIsMinimum }),
});

export const exportTtender = defineRoute({
  method: 'GET',
  path: '/api/ttender/ttender/export-ttender',
  summary: '按筛选条件导出招标列表（.xlsx）',
  tag: '招标管理',
  query: listTenderQuery.omit({ pageNum: true, pageSize: true }),
  data: z.any().describe('an .xlsx file'),
});

export const insertTenderSchema = z.object(tenderFields);
export const insertTtender = defineRoute({
  method: 'POST',
  path: '/api/ttender/ttender/insert-ttender',
  summary: '新建招标（草稿），编号 ZB-年份-六位序号',
  tag: '招标管理',
  body: insertTenderSchema,
  data: z.object({ id: z.number(), tenderNo: z.string() }),
});

/** The fields to change, none defaulted (an update never resets what it does not name). */
const changeableFields = {
  title: tenderFields.title.optional(),
  category: tenderFields.category.optional(),
  procurementMethod: procurementMethod.optional(),
  budget: tenderFields.budget.optional(),
  currency: requiredText('currency', '币种', 10).optional(),
  region: tenderFields.region,
  description: z
    .string()
    .max(MAX_DESCRIPTION_LENGTH, `招标内容最多 ${MAX_DESCRIPTION_LENGTH} 个字符`)
    .optional(),
  contact: tenderFields.contact,
  contactPhone: tenderFields.contactPhone,
  mandatory: z.boolean({ error: '依法必须招标必须是 true 或 false' }).optional(),
  docsFrom: tenderFields.docsFrom,
  docsUntil: tenderFields.docsUntil,
  bidValidityDays: intIn('投标有效期（天）', 1, 365).optional(),
  bidDeadline: isoDateTime('bidDeadline').optional(),
  openingAt: tenderFields.openingAt,
  minBids: intIn('最少有效投标数', 1, 50).optional(),
  priceCeiling: tenderFields.priceCeiling,
  sealMode: sealMode.optional(),
  decryptionMinutes: intIn('解密时长（分钟）', 5, 240).optional(),
  confirmMinutes: intIn('开标记录确认时长（分钟）', 5, 1440).optional(),
  invitedSupplierIds: idList('invitedSupplierIds', '受邀供应商', 200).optional(),
  documentIds: idList('documentIds', '招标文件', 50).optional(),
  /** The whole list as it should be: lots left out are removed (drafts only), order is lotNo. */
  lots: lotList.optional(),
  maxLotsPerWinner,
  /**
   * The whole settings as they should be (left out: kept). Criteria sent with their
   * criterionId keep it; after publication only an amendment changes them.
   */
  evaluation: evaluationSettings.optional(),
  questionsUntil: tenderFields.questionsUntil,
  bondForms: bondForms.optional(),
};
export const updateTenderSchema = z.object({ id: id('id'), ...changeableFields });
export const updateTtender = defineRoute({
  method: 'POST',
  path: '/api/ttender/ttender/update-ttender',
  summary: '修改招标草稿',
  tag: '招标管理',
  body: updateTenderSchema,
  data: z.null(),
});

const idQuery = z.object({ id: id('id') });
export const deleteTtender = defineRoute({
  method: 'GET',
  path: '/api/ttender/ttender/delete-ttender',
  summary: '删除招标草稿（仅草稿）',
  tag: '招标管理',
  query: idQuery,
  data: z.null(),
});

export const publishTtender = defineRoute({
  method: 'POST',
  path: '/api/ttender/ttender/publish-ttender',
  summary: '发布招标（检查法定日期规则）',
  tag: '招标管理',
  body: idQuery,
  data: z.object({ status: tenderStatus, publishedAt: z.string() }),
});

/** Amendable after publication: what bidders prepare against. Method and seal mode are fixed. */
const {
  procurementMethod: _m,
  sealMode: _s,
  invitedSupplierIds: _i,
  ...amendable
} = changeableFields;
export const amendTenderSchema = z.object({
  id: id('id'),
  reason: requiredText('reason', '澄清/修改原因', 1000),
  /** true: compute and answer the resulting dates without saving (shown before confirming). */
  preview: z.boolean().optional(),
  ...amendable,
  /**
   * The lots the amendment affects (default all): only their bids need re-confirmation. `lots`
   * sent here amend existing lots (each naming its `lotId`); none is added or removed after
   * publication (amend it, or cancel the tender).
   */
  lotIds: lotIdList.optional(),
  /** Refused by name rather than silently dropped: bids may already be sealed in this mode. */
  sealMode: z.never({ error: '招标发布后不能修改密封方式' }).optional(),
});
export const amendmentResult = z.object({
  amendmentNo: z.number(),
  bidDeadline: z.string(),
  openingAt: z.string(),
  /** The 15-day rule moved the deadline. */
  deadlineExtended: z.boolean(),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
});
export const amendTtender = defineRoute({
  method: 'POST',
  path: '/api/ttender/ttender/amend-ttender',
  summary: '澄清/修改已发布的招标（依法必须招标：不足 15 日自动顺延截止时间）',
  tag: '招标管理',
  body: amendTenderSchema,
  data: amendmentResult,
});

export const amendment = z.object({
  id: z.number(),
  tenderId: z.number(),
  amendmentNo: z.number(),
  reason: z.string(),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  deadlineBefore: z.string(),
  deadlineAfter: z.string(),
  openingBefore: z.string(),
  openingAfter: z.string(),
  deadlineExtended: z.boolean(),
  createdAt: z.string(),
  authorName: z.string().nullable(),
});
export type Amendment = z.infer<typeof amendment>;
export const listAmendments = defineRoute({
  method: 'GET',
  path: '/api/ttender/ttender/list-amendments',
  summary: '澄清/修改记录（招标管理员与已报名供应商）',
  tag: '招标管理',
  query: z.object({ tenderId: id('tenderId') }),
  data: z.array(amendment),
});

export const cancelTtender = defineRoute({
  method: 'POST',
  path: '/api/ttender/ttender/cancel-ttender',
  summary: '终止招标（须填原因）',
  tag: '招标管理',
  body: z.object({ id: id('id'), reason: requiredText('reason', '终止原因', 1000) }),
  data: z.null(),
});

export const retenderTtender = defineRoute({
  method: 'POST',
  path: '/api/ttender/ttender/retender-ttender',
  summary: '重新招标：由流标或已终止的招标（或其流标的标段 lotIds）生成关联的新草稿',
  tag: '招标管理',
  body: z.object({ id: id('id'), lotIds: lotIdList.optional() }),
  data: z.object({ id: z.number(), tenderNo: z.string() }),
});

export const downloadLogEntry = z.object({
  id: z.number(),
  fileId: z.number(),
  fileName: z.string(),
  username: z.string(),
  companyName: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
});
export const listDownloadLog = defineRoute({
  method: 'GET',
  path: '/api/ttender/ttender/list-download-log',
  summary: '招标文件下载记录',
  tag: '招标管理',
  query: z.object({ ...pageQuery, tenderId: id('tenderId') }),
  data: pageOf(downloadLogEntry),
});

export const tenderLogEntry = z.object({
  id: z.number(),
  action: z.string(),
  username: z.string().nullable(),
  ip: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export const listTenderLog = defineRoute({
  method: 'GET',
  path: '/api/ttender/ttender/list-tender-log',
  summary: '招标变更日志（审计记录中与该招标相关的条目）',
  tag: '招标管理',
  query: z.object({ ...pageQuery, tenderId: id('tenderId') }),
  data: pageOf(tenderLogEntry),
});

/** A bidder's view: the tender and its own company's participation. */
export const participationState = z.object({
  signedUp: z.boolean(),
  signedUpAt: z.string().nullable(),
  /** Why 报名 is refused right now (pending company, deadline passed, not invited …), or null. */
  signUpRefusal: z.string().nullable(),
  /** Amendments published after the company signed up. */
  amendmentCount: z.number(),
  /** The lots the company signed up for (empty when not signed up). */
  lotIds: z.array(z.number()),
});
export const openTender = publicTender.extend({
  lots: z.array(publicLot),
  participation: participationState,
  documents: z.array(tenderDocument),
});
export type OpenTender = z.infer<typeof openTender>;
export const listOpenTtender = defineRoute({
  method: 'GET',
  path: '/api/ttender/ttender/list-open-ttender',
  summary: '可报名的招标（投标人），含本公司报名状态',
  tag: '招标信息',
  query: z.object({
    ...pageQuery,
    keyword: z.string().trim().max(100).optional(),
    category: z.string().trim().max(50).optional(),
    signedUp: z
      .preprocess((v) => (v === 'true' ? true : v === 'false' ? false : v), z.boolean())
      .optional(),
  }),
  /** `totalIsMinimum` as in list-ttender: a keyword's matches are counted up to a bound. */
  data: pageOf(openTender).extend({ totalIsMinimum }),
});

/**
 * Managers get the whole tender (participation null); a bidder gets a published one with its
 * own participation, without the internal fields (minBids, invitees, retenderOf, timestamps),
 * and the documents only once signed up.
 */
export const getTtenderById = defineRoute({
  method: 'GET',
  path: '/api/ttender/ttender/get-ttender-by-id',
  summary: '招标详情（含实时状态与招标文件）',
  tag: '招标管理',
  query: idQuery,
  data: tender
    .partial({
      minBids: true,
      invitedSupplierIds: true,
      retenderOf: true,
      createdAt: true,
      updatedAt: true,
      questionsUntilDefault: true,
    })
    .extend({
      /** A bidder's lots leave out minBids, like the tender's own. */
      lots: z.array(lot.partial({ minBids: true })),
      maxLotsPerWinner: z.number().nullable(),
      evaluation: evaluationView,
      /**
       * Managers, committee tenders: each lot whose report is final, its candidates and their
       * declines, and the day its candidate publicity is due (R 54), for the countdown.
       */
      reportCandidates: z.array(reportCandidates).optional(),
      participation: participationState.nullable(),
    }),
});

export const getSupplyOption = defineRoute({
  method: 'GET',
  path: '/api/ttender/ttender/get-supply-option',
  summary: '已通过审核的供应商（下拉选项）',
  tag: '招标管理',
  data: z.array(z.object({ value: z.number(), label: z.string() })),
});

export const addSupplyTtender = defineRoute({
  method: 'GET',
  path: '/api/ttender/ttender/add-supply-ttender',
  summary: '报名：投标人为本公司报名；招标管理员邀请指定供应商',
  tag: '招标信息',
  query: z.object({
    tenderId: id('tenderId'),
    supplierId: id('supplierId').optional(),
    /** The lots to bid for (default all); signing up again adds lots, never removes them. */
    lotIds: lotIdList.optional(),
  }),
  data: z.object({
    signedUp: z.literal(true),
    alreadySignedUp: z.boolean(),
    signedUpAt: z.string(),
    lotIds: z.array(z.number()),
  }),
});

export const searchTenderQuery = z.object({
  ...pageQuery,
  keyword: z.string().trim().max(100).optional(),
  category: z.string().trim().max(50).optional(),
  status: tenderStatus.exclude(['draft']).optional(),
  region: z.string().trim().max(50).optional(),
  /** Publication date range. */
  from: isoDateTime('from').optional(),
  to: isoDateTime('to').optional(),
});
export const searchTenderMsg = defineRoute({
  method: 'GET',
  path: '/api/public/tender-msg/search',
  summary: '公开检索已发布的招标（中英文关键词，1–2 个汉字亦走索引）',
  tag: '公开',
  query: searchTenderQuery,
  data: pageOf(publicTender).extend({
    /**
     * `total` is a lower bound: at least that many match (a common keyword among a million
     * tenders is not counted to the end). Show "至少 {total} 条" rather than "共 {total} 条".
     */
    totalIsMinimum: z.boolean().optional(),
  }),
});

export const getTenderMsgById = defineRoute({
  method: 'GET',
  path: '/api/public/tender-msg/get-by-id',
  summary: '公开的招标详情及其已发布的中标公告（不含草稿与任何报名、投标信息）',
  tag: '公开',
  query: idQuery,
  data: publicTenderDetail,
});
