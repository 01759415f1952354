import { z } from 'zod';
import { defineRoute } from './route.js';
import { pageOf, pageQuery } from './envelope.js';
import {
  email,
  emptyToNull,
  id,
  newPassword,
  phone,
  requiredText,
  status,
  username,
} from './fields.js';

export const adminUser = z.object({
  userid: z.number(),
  username: z.string(),
  realName: z.string(),
  roleId: z.number(),
  roleName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  status,
  supplierId: z.number().nullable(),
  supplierName: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const listAdminQuery = z.object({
  ...pageQuery,
  username: z.string().trim().max(50).optional(),
  realName: z.string().trim().max(50).optional(),
  roleId: id('roleId').optional(),
  status: status.optional(),
});
export const listAdmin = defineRoute({
  method: 'GET',
  path: '/api/admin/admin-management/list-admin',
  summary: '用户分页列表',
  tag: '用户管理',
  query: listAdminQuery,
  data: pageOf(adminUser),
});

export const exportAdmin = defineRoute({
  method: 'GET',
  path: '/api/admin/admin-management/export-admin',
  summary: '按筛选条件导出用户（.xlsx）',
  tag: '用户管理',
  query: listAdminQuery.omit({ pageNum: true, pageSize: true }),
  data: z.any().describe('an .xlsx file'),
});

const profileFields = {
  realName: requiredText('realName', '姓名', 50),
  phone: emptyToNull(phone),
  email: emptyToNull(email),
};

export const insertAdminSchema = z.object({
  username,
  password: newPassword,
  ...profileFields,
  roleId: id('roleId'),
  status: status.default('enabled'),
  supplierId: emptyToNull(id('supplierId')),
});
export const insertAdmin = defineRoute({
  method: 'POST',
  path: '/api/admin/admin-management/insert-admin',
  summary: '新增用户',
  tag: '用户管理',
  body: insertAdminSchema,
  data: z.object({ userid: z.number() }),
});

export const updateAdminSchema = z.object({
  userid: id('userid'),
  username: username.optional(),
  realName: profileFields.realName.optional(),
  phone: profileFields.phone,
  email: profileFields.email,
  roleId: id('roleId').optional(),
  status: status.optional(),
  supplierId: emptyToNull(id('supplierId')),
});
export const updateAdmin = defineRoute({
  method: 'POST',
  path: '/api/admin/admin-management/update-admin',
  summary: '修改用户',
  tag: '用户管理',
  body: updateAdminSchema,
  data: z.null(),
});

export const useridQuery = z.object({ userid: id('userid') });
export const deleteAdmin = defineRoute({
  method: 'GET',
  path: '/api/admin/admin-management/delete-admin',
  summary: '删除用户',
  tag: '用户管理',
  query: useridQuery,
  data: z.null(),
});
export const getAdminInfoByUserId = defineRoute({
  method: 'GET',
  path: '/api/admin/admin-management/get-admin-info-by-user-id',
  summary: '用户详情',
  tag: '用户管理',
  query: useridQuery,
  data: adminUser,
});

export const resetPasswordSchema = z.object({ userid: id('userid'), password: newPassword });
export const updateAdminPasswordById = defineRoute({
  method: 'POST',
  path: '/api/admin/admin-management/update-admin-password-by-id',
  summary: '管理员重置用户密码（该用户的旧令牌作废）',
  tag: '用户管理',
  body: resetPasswordSchema,
  data: z.null(),
});

export const myInfo = adminUser.extend({
  supplier: z.object({ id: z.number(), companyName: z.string(), status: z.string() }).nullable(),
});
export const getMyInfo = defineRoute({
  method: 'GET',
  path: '/api/admin/admin-management/get-my-info',
  summary: '我的个人信息',
  tag: '个人信息',
  data: myInfo,
});

/** Only these three fields: one's own username, role and status never change here. */
export const updateMyInfoSchema = z.strictObject(
  { realName: profileFields.realName, phone: profileFields.phone, email: profileFields.email },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `不能修改字段：${issue.keys.join(', ')}` : undefined,
  },
);
export const updateMyInfo = defineRoute({
  method: 'POST',
  path: '/api/admin/admin-management/update-my-info',
  summary: '修改我的个人信息（姓名、电话、邮箱）',
  tag: '个人信息',
  body: updateMyInfoSchema,
  data: z.null(),
});
