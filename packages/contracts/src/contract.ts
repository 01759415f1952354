import { z } from 'zod';
import { defineRoute } from './route.js';
import { pageOf, pageQuery } from './envelope.js';
import { amount, id, queryFlag } from './fields.js';
import { dayOnly } from './expert.js';
export { CONTRACT_DEADLINE_DAYS } from './announcement.js';

/**
 * 合同管理 (EVALUATION.md §5): each awarded lot's contract is due within 30 days of its 中标通知书
 * (Law 46), for the awarded amount exactly; recording it starts the lot's bond refund clocks.
 */

export const contractFile = z.object({ id: z.number(), name: z.string(), size: z.number() });

/** An awarded lot and its contract (or the lack of one). */
export const contractRow = z.object({
  tenderId: z.number(),
  tenderNo: z.string(),
  tenderTitle: z.string(),
  lotId: z.number(),
  lotNo: z.number(),
  lotName: z.string(),
  supplierId: z.number(),
  supplierName: z.string(),
  awardedAmount: z.number(),
  /** When the 中标通知书 was issued (the award). */
  noticeAt: z.string(),
  /** The last day for the contract (Beijing, YYYY-MM-DD): the notice's day plus CONTRACT_DEADLINE_DAYS. */
  dueAt: z.string(),
  contractId: z.number().nullable(),
  signedAt: z.string().nullable(),
  amount: z.number().nullable(),
  files: z.array(contractFile),
  /** No contract and past dueAt. */
  overdue: z.boolean(),
});
export type ContractRow = z.infer<typeof contractRow>;

export const insertContract = defineRoute({
  method: 'POST',
  path: '/api/contract/contract-management/insert-contract',
  summary: '录入合同（签订日期、金额须等于中标金额、合同文件）',
  tag: '合同管理',
  body: z.object({
    tenderId: id('tenderId'),
    /** May be left out on a one-lot tender. */
    lotId: id('lotId').optional(),
    /** The day it was signed (YYYY-MM-DD): not before the award, not in the future. */
    signedAt: dayOnly('签订日期'),
    amount: amount('amount', '合同金额'),
    fileIds: z.array(id('fileIds')).min(1, '请上传合同文件').max(10, '合同文件最多 10 个'),
  }),
  data: contractRow,
});

export const listContract = defineRoute({
  method: 'GET',
  path: '/api/contract/contract-management/list-contract',
  summary: '合同管理：已定标的标段、合同期限与逾期',
  tag: '合同管理',
  query: z.object({
    ...pageQuery,
    keyword: z.string().trim().max(100).optional(),
    overdue: queryFlag('是否逾期').optional(),
    /** signed: a contract recorded; pending: none yet. */
    state: z.enum(['signed', 'pending'], { error: '合同状态只能是 signed 或 pending' }).optional(),
  }),
  data: pageOf(contractRow).extend({ overdueCount: z.number() }),
});
