import { z } from 'zod';
import { defineRoute } from './route.js';
import { pageOf, pageQuery } from './envelope.js';
import { id, optionalText, requiredText, status } from './fields.js';

export const role = z.object({
  roleId: z.number(),
  roleName: z.string(),
  description: z.string().nullable(),
  status,
  /** Built-in roles (admin, tender_manager, bidder) cannot be renamed or deleted. */
  builtIn: z.boolean(),
  userCount: z.number(),
  createdAt: z.string(),
});
export type Role = z.infer<typeof role>;
export const roleDetail = role.extend({ powerIds: z.array(z.number()) });
export type RoleDetail = z.infer<typeof roleDetail>;

export const listRole = defineRoute({
  method: 'GET',
  path: '/api/admin/role-management/list-role',
  summary: '角色分页列表',
  tag: '角色管理',
  query: z.object({ ...pageQuery, roleName: z.string().trim().max(50).optional() }),
  data: pageOf(role),
});

const roleIdQuery = z.object({ roleId: id('roleId') });
export const getRoleInfoByRoleId = defineRoute({
  method: 'GET',
  path: '/api/admin/role-management/get-role-info-by-role-id',
  summary: '角色详情（含权限 id）',
  tag: '角色管理',
  query: roleIdQuery,
  data: roleDetail,
});
export const deleteRole = defineRoute({
  method: 'GET',
  path: '/api/admin/role-management/delete-role',
  summary: '删除角色（仍有用户使用时拒绝）',
  tag: '角色管理',
  query: roleIdQuery,
  data: z.null(),
});

const powerIds = z.array(id('powerIds'), { error: '权限必须是数组' }).max(1000, '权限最多 1000 项');
export const insertRoleSchema = z.object({
  roleName: requiredText('roleName', '角色名称', 50),
  description: optionalText('描述', 200),
  status: status.default('enabled'),
  powerIds: powerIds.default([]),
});
export const insertRole = defineRoute({
  method: 'POST',
  path: '/api/admin/role-management/insert-role',
  summary: '新增角色',
  tag: '角色管理',
  body: insertRoleSchema,
  data: z.object({ roleId: z.number() }),
});
export const updateRoleSchema = z.object({
  roleId: id('roleId'),
  roleName: requiredText('roleName', '角色名称', 50).optional(),
  description: optionalText('描述', 200),
  status: status.optional(),
  powerIds: powerIds.optional(),
});
export const updateRole = defineRoute({
  method: 'POST',
  path: '/api/admin/role-management/update-role',
  summary: '修改角色及其权限',
  tag: '角色管理',
  body: updateRoleSchema,
  data: z.null(),
});
