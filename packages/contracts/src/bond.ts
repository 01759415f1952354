import { z } from 'zod';
import { defineRoute } from './route.js';
import { pageOf, pageQuery } from './envelope.js';
import { amount, emptyToNull, id, queryFlag, requiredText } from './fields.js';
import { dayOnly } from './expert.js';

/**
 * 投标保证金 (EVALUATION.md §4): a bidder declares one per lot before the deadline, finance
 * verifies it, and it is refunded within 5 days of the event that ends it (R 57), or forfeited
 * on a ground of law. Due dates and "overdue" come from the clock at each request, never a job.
 */

export const BOND_FORMS = ['transfer', 'guarantee', 'insurance'] as const;
export type BondForm = (typeof BOND_FORMS)[number];
export const BOND_FORM_LABELS: Record<BondForm, string> = {
  transfer: '转账',
  guarantee: '银行保函',
  insurance: '保证保险',
};
export const bondForm = z.enum(BOND_FORMS, {
  error: `保证金形式只能是 ${BOND_FORMS.map((f) => `${f}（${BOND_FORM_LABELS[f]}）`).join('、')}`,
});
/** A guarantee or insurance has a number, an issuer and a validity end; a transfer has none. */
export const formHasInstrument = (form: BondForm) => form !== 'transfer';

/** What a tender accepts when it says nothing. */
export const DEFAULT_BOND_FORMS: readonly BondForm[] = BOND_FORMS;
export const bondForms = z
  .array(bondForm, { error: '保证金形式必须是数组' })
  .min(1, '至少接受一种保证金形式')
  .max(BOND_FORMS.length, `保证金形式最多 ${BOND_FORMS.length} 种`)
  .refine((forms) => new Set(forms).size === forms.length, '保证金形式不能重复');

/**
 * Listed statuses. Stored: declared, verified, rejected, refunded, forfeited. `due` is a verified
 * bond whose refund clock has started (its `dueAt` is set): derived, never stored.
 */
export const BOND_STATUSES = [
  'declared',
  'verified',
  'rejected',
  'due',
  'refunded',
  'forfeited',
] as const;
export type BondStatus = (typeof BOND_STATUSES)[number];
export const BOND_STATUS_LABELS: Record<BondStatus, string> = {
  declared: '待核验',
  verified: '已核验',
  rejected: '已驳回',
  due: '待退还',
  refunded: '已退还',
  forfeited: '已没收',
};

/** R 57: refunded within 5 days of the event that ends the bond. */
export const BOND_REFUND_DAYS = 5;

/** What started a bond's refund clock. */
export const REFUND_EVENTS = ['withdrawn', 'lot_failed', 'cancelled', 'contract'] as const;
export type RefundEvent = (typeof REFUND_EVENTS)[number];
export const REFUND_EVENT_LABELS: Record<RefundEvent, string> = {
  withdrawn: '截止前撤回投标',
  lot_failed: '标段流标',
  cancelled: '招标终止',
  contract: '合同签订',
};

/** R 35 (withdrawn after the deadline) and R 74 (the winner refused the contract). */
export const FORFEIT_GROUNDS = ['late_withdrawal', 'refused_contract'] as const;
export type ForfeitGround = (typeof FORFEIT_GROUNDS)[number];
export const FORFEIT_GROUND_LABELS: Record<ForfeitGround, string> = {
  late_withdrawal: '投标截止后撤销投标文件（实施条例第三十五条）',
  refused_contract: '中标人无正当理由不与招标人订立合同或不提交履约保证金（实施条例第七十四条）',
};

/** The account shown to everyone but the declaring supplier: its last four digits. */
export const maskAccount = (account: string) => {
  const digits = account.replace(/\s/g, '');
  return digits.length <= 4 ? digits : `**** ${digits.slice(-4)}`;
};

/** A bank account: digits (and spaces between groups), 8–32 digits. */
export const bankAccount = z
  .string({ error: '付款账号必须是文本' })
  .trim()
  .refine((v) => /^[\d ]+$/.test(v), '付款账号只能是数字（可用空格分组）')
  .refine((v) => {
    const digits = v.replace(/ /g, '').length;
    return digits >= 8 && digits <= 32;
  }, '付款账号应为 8–32 位数字')
  .transform((v) => v.replace(/ /g, ''));

export const declareBondSchema = z.object({
  tenderId: id('tenderId'),
  /** May be left out on a one-lot tender. */
  lotId: id('lotId').optional(),
  form: bondForm,
  amount: amount('amount', '保证金金额'),
  payerName: requiredText('payerName', '付款单位', 100),
  payerAccount: bankAccount,
  /** Guarantee and insurance: required; a transfer: must be left out. */
  guaranteeNo: emptyToNull(requiredText('guaranteeNo', '保函/保单编号', 64)).optional(),
  issuer: emptyToNull(requiredText('issuer', '出具机构', 100)).optional(),
  /** The last day it is valid (YYYY-MM-DD, Beijing): at least the deadline plus the validity. */
  validUntil: emptyToNull(dayOnly('有效期至')).optional(),
  fileIds: z.array(id('fileIds')).min(1, '请上传保证金凭证').max(10, '凭证最多 10 个'),
});
export type DeclareBondInput = z.input<typeof declareBondSchema>;

export const bondFile = z.object({ id: z.number(), name: z.string(), size: z.number() });

export const bond = z.object({
  id: z.number(),
  tenderId: z.number(),
  tenderNo: z.string(),
  tenderTitle: z.string(),
  lotId: z.number(),
  lotNo: z.number(),
  lotName: z.string(),
  /** The lot's required bond. */
  required: z.number(),
  supplierId: z.number(),
  supplierName: z.string(),
  form: bondForm,
  amount: z.number(),
  payerName: z.string(),
  /** In full for the declaring supplier only; masked (maskAccount) for everyone else. */
  payerAccount: z.string(),
  guaranteeNo: z.string().nullable(),
  issuer: z.string().nullable(),
  validUntil: z.string().nullable(),
  files: z.array(bondFile),
  status: z.enum(BOND_STATUSES),
  /** Finance's reason for a rejection (or a note on a verification). */
  reviewReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  /** The event that started the refund clock, and the last day to refund (Beijing, YYYY-MM-DD). */
  refundEvent: z.enum(REFUND_EVENTS).nullable(),
  dueAt: z.string().nullable(),
  /** Past dueAt and neither refunded nor forfeited. */
  overdue: z.boolean(),
  refundedAt: z.string().nullable(),
  refundReference: z.string().nullable(),
  forfeitGround: z.enum(FORFEIT_GROUNDS).nullable(),
  forfeitReason: z.string().nullable(),
  /**
   * R 40: other suppliers of the tender whose bond came from the same bank account (finance and
   * managers only; empty for a supplier).
   */
  sameAccountAs: z.array(z.string()),
  declaredAt: z.string(),
  updatedAt: z.string(),
});
export type Bond = z.infer<typeof bond>;

export const declareBond = defineRoute({
  method: 'POST',
  path: '/api/bond/bond-management/declare-bond',
  summary: '申报投标保证金（每个标段一份，截止前可重新申报）',
  tag: '投标保证金',
  body: declareBondSchema,
  data: bond,
});

export const listMyBond = defineRoute({
  method: 'GET',
  path: '/api/bond/bond-management/list-my-bond',
  summary: '本公司的投标保证金',
  tag: '投标保证金',
  query: z.object({ ...pageQuery, tenderId: id('tenderId').optional() }),
  data: pageOf(bond),
});

export const listBondQuery = z.object({
  ...pageQuery,
  tenderId: id('tenderId').optional(),
  status: z
    .enum(BOND_STATUSES, { error: `保证金状态只能是 ${BOND_STATUSES.join('、')}` })
    .optional(),
  /** true: only bonds past their refund date and not yet refunded or forfeited. */
  overdue: queryFlag('是否逾期').optional(),
  keyword: z.string().trim().max(100).optional(),
});

export const listBond = defineRoute({
  method: 'GET',
  path: '/api/bond/bond-management/list-bond',
  summary: '保证金台账（财务与招标管理员；含退还期限）',
  tag: '投标保证金',
  query: listBondQuery,
  data: pageOf(bond).extend({
    /** Bonds overdue now, whatever the filter: the menu's badge. */
    overdueCount: z.number(),
  }),
});

export const verifyBondSchema = z
  .object({
    id: id('id'),
    action: z.enum(['verify', 'reject'], { error: '操作只能是 verify（核验）或 reject（驳回）' }),
    /** Required when rejecting. */
    reason: emptyToNull(requiredText('reason', '核验意见', 500)).optional(),
  })
  .refine((v) => v.action === 'verify' || v.reason, {
    message: '驳回保证金必须填写原因',
    path: ['reason'],
  });

export const verifyBond = defineRoute({
  method: 'POST',
  path: '/api/bond/bond-management/verify-bond',
  summary: '核验或驳回保证金申报（财务）',
  tag: '投标保证金',
  body: verifyBondSchema,
  data: bond,
});

export const refundBond = defineRoute({
  method: 'POST',
  path: '/api/bond/bond-management/refund-bond',
  summary: '登记保证金退还（退还日期、银行流水号）',
  tag: '投标保证金',
  body: z.object({
    id: id('id'),
    refundedAt: dayOnly('退还日期'),
    reference: requiredText('reference', '银行流水号', 64),
  }),
  data: bond,
});

export const forfeitBond = defineRoute({
  method: 'POST',
  path: '/api/bond/bond-management/forfeit-bond',
  summary: '没收保证金（逾期撤销投标或拒签合同）',
  tag: '投标保证金',
  body: z.object({
    id: id('id'),
    ground: z.enum(FORFEIT_GROUNDS, {
      error: '没收理由只能是 late_withdrawal（截止后撤销投标）或 refused_contract（拒签合同）',
    }),
    reason: requiredText('reason', '没收说明', 500),
  }),
  data: bond,
});

/** R 40: suppliers of one lot whose bonds came from the same bank account. */
export const sameAccountWarning = z.object({
  lotId: z.number(),
  /** The account masked to its last four digits. */
  account: z.string(),
  supplierNames: z.array(z.string()),
});
export type SameAccountWarning = z.infer<typeof sameAccountWarning>;
