import { z } from 'zod';
import { defineRoute } from './route.js';
import { pageOf, pageQuery } from './envelope.js';
import { MAX_ID, id, optionalText, requiredText } from './fields.js';

export const httpMethod = z.enum(['GET', 'POST', 'PUT', 'DELETE', 'PATCH'], {
  error: '请求方法只能是 GET、POST、PUT、DELETE 或 PATCH',
});

export const apiInterface = z.object({
  id: z.number(),
  name: z.string(),
  method: httpMethod,
  url: z.string(),
  powerId: z.number().nullable(),
  powerTitle: z.string().nullable(),
  /** Open to every logged-in user, whatever the role. */
  open: z.boolean(),
  description: z.string().nullable(),
  /** Registered by the server itself at start-up. */
  builtIn: z.boolean(),
  /** The server has a route for it (false: a row that matches nothing yet). */
  routed: z.boolean(),
});
export type ApiInterface = z.infer<typeof apiInterface>;

export const listInterface = defineRoute({
  method: 'POST',
  path: '/api/admin/interface-management/list-interface',
  summary: '接口分页列表',
  tag: '接口管理',
  body: z
    .object({
      ...pageQuery,
      keyword: z.string().trim().max(100).optional(),
      powerId: z.coerce
        .number({ error: '权限 ID 必须是数字' })
        .int('权限 ID 必须是整数')
        .min(0, '权限 ID 不能小于 0')
        .max(MAX_ID, '权限 ID 超出范围')
        .optional(),
      method: httpMethod.optional(),
    })
    .nullish(),
  data: pageOf(apiInterface),
});

const url = z
  .string({ error: '接口地址不能为空' })
  .trim()
  .min(1, '接口地址不能为空')
  .max(300, '接口地址最多 300 个字符')
  .regex(
    /^\/[A-Za-z0-9_\-/:.]*$/,
    '接口地址必须是以 / 开头的路径（不含基础路径 /tendering-service）',
  );

const interfaceFields = {
  name: requiredText('name', '接口名称', 100),
  method: httpMethod,
  url,
  powerId: z.coerce
    .number({ error: '权限 ID 必须是数字' })
    .int('权限 ID 必须是整数')
    .positive('权限 ID 必须大于 0')
    .max(MAX_ID, '权限 ID 超出范围')
    .nullable()
    .optional(),
  open: z.boolean({ error: '对所有用户开放必须是 true 或 false' }),
  description: optionalText('描述', 300).nullable(),
};
export const insertInterfaceSchema = z.object({
  ...interfaceFields,
  open: interfaceFields.open.default(false),
});
export const insertInterface = defineRoute({
  method: 'POST',
  path: '/api/admin/interface-management/insert-interface',
  summary: '新增接口',
  tag: '接口管理',
  body: insertInterfaceSchema,
  data: z.object({ id: z.number() }),
});
// Built from the fields without defaults: a missing field means "unchanged", never the default.
export const updateInterfaceSchema = z
  .object(interfaceFields)
  .partial()
  .extend({ id: id('id') });
export const updateInterface = defineRoute({
  method: 'POST',
  path: '/api/admin/interface-management/update-interface',
  summary: '修改接口',
  tag: '接口管理',
  body: updateInterfaceSchema,
  data: z.null(),
});
const idQuery = z.object({ id: id('id') });
export const getInterfaceInfoById = defineRoute({
  method: 'GET',
  path: '/api/admin/interface-management/get-interface-info-by-id',
  summary: '接口详情',
  tag: '接口管理',
  query: idQuery,
  data: apiInterface,
});
export const deleteInterface = defineRoute({
  method: 'GET',
  path: '/api/admin/interface-management/delete-interface',
  summary: '删除接口（服务器自身的路由不能删除）',
  tag: '接口管理',
  query: idQuery,
  data: z.null(),
});
