import { z } from 'zod';
import { defineRoute } from './route.js';
import { pageOf, pageQuery } from './envelope.js';
import { emptyToNull, id, intIn, newPassword, phone, requiredText, username } from './fields.js';
import { creditCode } from './supplier.js';

/**
 * 专家库 (EVALUATION.md §2, "The expert pool"): managers and administrators keep it; each
 * expert logs in with the role `evaluation_expert` and sees only its own committees.
 */

export const EXPERT_STATUSES = ['active', 'suspended'] as const;
export const expertStatus = z.enum(EXPERT_STATUSES, {
  error: '专家状态只能是 active（可抽取）或 suspended（暂停）',
});
export type ExpertStatus = z.infer<typeof expertStatus>;
export const EXPERT_STATUS_LABELS: Record<ExpertStatus, string> = {
  active: '可抽取',
  suspended: '暂停',
};

export const MAX_SPECIALTIES = 10;
export const specialties = z
  .array(requiredText('specialties', '专业', 50), { error: '评标专业必须是数组' })
  .min(1, '至少选择 1 个评标专业')
  .max(MAX_SPECIALTIES, `评标专业最多 ${MAX_SPECIALTIES} 个`);

/** A calendar day (YYYY-MM-DD), the last day of a suspension. */
export const dayOnly = (label: string) =>
  z
    .string({ error: `${label}必须是日期` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}格式应为 YYYY-MM-DD`);

const profileFields = {
  name: requiredText('name', '专家姓名', 50),
  phone,
  employer: requiredText('employer', '工作单位', 100),
  /** Optional: 回避 matches on it as well as on the employer's name. */
  employerCreditCode: emptyToNull(creditCode).optional(),
  title: requiredText('title', '职称', 50),
  years: intIn('从业年限', 0, 70),
  specialties,
};

export const insertExpertSchema = z.object({
  ...profileFields,
  username,
  password: newPassword,
});
export type InsertExpertInput = z.input<typeof insertExpertSchema>;

export const updateExpertSchema = z.object({
  id: id('id'),
  ...z.object(profileFields).partial().shape,
  status: expertStatus.optional(),
  /** Required when suspending. */
  suspendReason: emptyToNull(requiredText('suspendReason', '暂停原因', 500)).optional(),
  /** The last day of the suspension; empty: until lifted. */
  suspendUntil: emptyToNull(dayOnly('暂停截止日期')).optional(),
});
export type UpdateExpertInput = z.input<typeof updateExpertSchema>;

export const expert = z.object({
  id: z.number(),
  userid: z.number(),
  username: z.string(),
  name: z.string(),
  phone: z.string(),
  employer: z.string(),
  employerCreditCode: z.string().nullable(),
  title: z.string(),
  years: z.number(),
  specialties: z.array(z.string()),
  status: expertStatus,
  suspendReason: z.string().nullable(),
  suspendUntil: z.string().nullable(),
  /** Committees it sat on (active or replaced), for the pool's workload column. */
  committeeCount: z.number(),
  createdAt: z.string(),
});
export type Expert = z.infer<typeof expert>;

export const listExpertQuery = z.object({
  ...pageQuery,
  keyword: z.string().trim().max(100).optional(),
  specialty: z.string().trim().max(50).optional(),
  status: expertStatus.optional(),
});

export const listExpert = defineRoute({
  method: 'GET',
  path: '/api/evaluation/expert-management/list-expert',
  summary: '专家库（姓名、单位、职称关键词；专业；状态）',
  tag: '专家库',
  query: listExpertQuery,
  data: pageOf(expert),
});

export const insertExpert = defineRoute({
  method: 'POST',
  path: '/api/evaluation/expert-management/insert-expert',
  summary: '新增评标专家（同时创建 evaluation_expert 角色的登录账号）',
  tag: '专家库',
  body: insertExpertSchema,
  data: z.object({ id: z.number(), userid: z.number() }),
});

export const updateExpert = defineRoute({
  method: 'POST',
  path: '/api/evaluation/expert-management/update-expert',
  summary: '修改评标专家（资料、暂停与恢复）',
  tag: '专家库',
  body: updateExpertSchema,
  data: expert,
});

export const getExpertById = defineRoute({
  method: 'GET',
  path: '/api/evaluation/expert-management/get-expert-by-id',
  summary: '评标专家详情',
  tag: '专家库',
  query: z.object({ id: id('id') }),
  data: expert,
});
