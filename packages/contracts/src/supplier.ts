import { z } from 'zod';
import { CREDIT_CODE_SHAPE, isValidCreditCode } from './credit-code.js';
import { defineRoute } from './route.js';
import { pageOf, pageQuery } from './envelope.js';
import {
  email,
  id,
  isoDateTime,
  newPassword,
  optionalText,
  phone,
  requiredText,
  username,
} from './fields.js';

export const SUPPLIER_STATUSES = ['pending', 'approved', 'rejected', 'blacklisted'] as const;
export const supplierStatus = z.enum(SUPPLIER_STATUSES, {
  error:
    '供应商状态只能是 pending（待审核）、approved（已通过）、rejected（已驳回）或 blacklisted（黑名单）',
});
export type SupplierStatus = z.infer<typeof supplierStatus>;

/** GB 32100: 18 characters from this alphabet (no I, O, S, V, Z), the last a check character. */
export const creditCode = z
  .string({ error: '统一社会信用代码不能为空' })
  .trim()
  .toUpperCase()
  .regex(CREDIT_CODE_SHAPE, '统一社会信用代码应为 18 位数字或大写字母（不含 I、O、S、V、Z）')
  // Only a code of the right shape has a check character to be wrong.
  .refine(
    (code) => !CREDIT_CODE_SHAPE.test(code) || isValidCreditCode(code),
    '统一社会信用代码校验位不正确，请核对营业执照',
  );

/** The company fields a supplier registers with and edits in 个人信息. */
export const companyFields = {
  companyName: requiredText('companyName', '公司名称', 100),
  creditCode,
  legalRepresentative: requiredText('legalRepresentative', '法定代表人', 50),
  contactName: requiredText('contactName', '联系人', 50),
  phone,
  email,
  address: optionalText('地址', 200),
  registeredCapital: optionalText('注册资本', 50),
  businessScope: optionalText('经营范围', 1000),
  categories: z
    .array(z.string().trim().min(1, '供货类别不能为空').max(50, '供货类别最多 50 个字符'), {
      error: '供货类别必须是数组',
    })
    .max(30, '供货类别最多 30 项')
    .default([]),
  /** Uploaded qualification files (营业执照, 资质证书 …) to attach to the company. */
  qualificationFileIds: z
    .array(id('qualificationFileIds'))
    .max(20, '资质文件最多 20 个')
    .optional(),
};

/** The company fields as one schema, for a form that checks them field by field. */
export const companySchema = z.object(companyFields);

export const supplierFile = z.object({
  id: z.number(),
  name: z.string(),
  size: z.number(),
  contentType: z.string(),
  createdAt: z.string(),
});

export const supplier = z.object({
  id: z.number(),
  companyName: z.string(),
  creditCode: z.string(),
  legalRepresentative: z.string(),
  contactName: z.string(),
  phone: z.string(),
  email: z.string(),
  address: z.string().nullable(),
  registeredCapital: z.string().nullable(),
  businessScope: z.string().nullable(),
  categories: z.array(z.string()),
  /** The effective status: a blacklisting whose end passed reads as approved. */
  status: supplierStatus,
  reviewReason: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewerName: z.string().nullable(),
  blacklistUntil: z.string().nullable(),
  createdAt: z.string(),
  qualificationFiles: z.array(supplierFile),
});
export type Supplier = z.infer<typeof supplier>;

export const registerSchema = z
  .object({
    ...companyFields,
    username,
    password: newPassword,
    confirmPassword: z.string({ error: '请再次输入密码' }).optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    path: ['confirmPassword'],
    message: '两次输入的密码不一致',
  });
export const register = defineRoute({
  method: 'POST',
  path: '/api/public/register',
  summary: '供应商注册（公司 + 投标人账号，待审核）',
  tag: '公开',
  body: registerSchema,
  data: z.object({ supplierId: z.number(), userid: z.number(), status: supplierStatus }),
});

export const listSupplier = defineRoute({
  method: 'GET',
  path: '/api/supplier/supplier/list-supplier',
  summary: '供应商分页列表',
  tag: '投标人信息管理',
  query: z.object({
    ...pageQuery,
    keyword: z.string().trim().max(100).optional(),
    status: supplierStatus.optional(),
  }),
  data: pageOf(supplier),
});

export const getSupplierById = defineRoute({
  method: 'GET',
  path: '/api/supplier/supplier/get-supplier-by-id',
  summary: '供应商详情（含资质文件）',
  tag: '投标人信息管理',
  query: z.object({ id: id('id') }),
  data: supplier,
});

export const AUDIT_ACTIONS = ['approve', 'reject', 'blacklist', 'restore'] as const;
/** What each review action is called where a reason is missing. */
const AUDIT_ACTION_LABELS = { approve: '通过', reject: '驳回', blacklist: '拉黑', restore: '恢复' };

/**
 * A review: 通过 may carry a 审核意见 or none; 驳回, 拉黑 and 恢复 say why (the supplier reads a
 * rejection's reason, and the record keeps every one).
 */
export const auditSupplierSchema = z
  .object({
    id: id('id'),
    action: z.enum(AUDIT_ACTIONS, {
      error: '审核操作只能是 approve（通过）、reject（驳回）、blacklist（拉黑）或 restore（恢复）',
    }),
    reason: optionalText('原因', 500),
    /** blacklist only: the end of the sanction; omitted means permanent. */
    blacklistUntil: isoDateTime('blacklistUntil').optional(),
  })
  .superRefine((input, ctx) => {
    if (input.action !== 'approve' && !input.reason)
      ctx.addIssue({
        code: 'custom',
        path: ['reason'],
        message: `${AUDIT_ACTION_LABELS[input.action]}须填写原因`,
      });
  });
export const auditSupplier = defineRoute({
  method: 'POST',
  path: '/api/supplier/supplier/audit-supplier',
  summary: '审核供应商：通过（审核意见可不填）、驳回、拉黑、恢复（须填原因）',
  tag: '投标人信息管理',
  body: auditSupplierSchema,
  data: supplier,
});

export const getMySupplier = defineRoute({
  method: 'GET',
  path: '/api/supplier/supplier/get-my-supplier',
  summary: '我的公司信息（投标人）',
  tag: '个人信息',
  data: supplier,
});

export const updateMySupplierSchema = z.object({
  companyName: companyFields.companyName.optional(),
  creditCode: creditCode.optional(),
  legalRepresentative: companyFields.legalRepresentative.optional(),
  contactName: companyFields.contactName.optional(),
  phone: phone.optional(),
  email: email.optional(),
  address: companyFields.address,
  registeredCapital: companyFields.registeredCapital,
  businessScope: companyFields.businessScope,
  categories: companyFields.categories.optional(),
  qualificationFileIds: companyFields.qualificationFileIds,
});
export const updateMySupplier = defineRoute({
  method: 'POST',
  path: '/api/supplier/supplier/update-my-supplier',
  summary: '修改我的公司信息（改名称、信用代码或法定代表人须重新审核）',
  tag: '个人信息',
  body: updateMySupplierSchema,
  data: supplier,
});

/** The original specification's route: who signed up for a tender (managers only). */
export const participant = z.object({
  supplierId: z.number(),
  companyName: z.string(),
  creditCode: z.string(),
  contactName: z.string(),
  phone: z.string(),
  status: supplierStatus,
  signedUpAt: z.string(),
  invited: z.boolean(),
  downloads: z.number(),
});
export type Participant = z.infer<typeof participant>;
export const getSupplyInformationByTenderId = defineRoute({
  method: 'POST',
  path: '/api/supplier/supplier/get-supply-information-by-tenderId',
  summary: '某招标的报名供应商',
  tag: '招标管理',
  body: z.object({ tenderId: id('tenderId') }),
  data: z.array(participant),
});
