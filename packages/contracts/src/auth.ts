import { z } from 'zod';
import { defineRoute } from './route.js';
import { newPassword } from './fields.js';

const loginFields = z.object({
  username: z
    .string({ error: '用户名不能为空' })
    .trim()
    .min(1, '用户名不能为空')
    .max(50, '用户名最多 50 个字符'),
  password: z
    .string({ error: '密码不能为空' })
    .min(1, '密码不能为空')
    .max(128, '密码最多 128 个字符'),
});
export type LoginInput = z.input<typeof loginFields>;

/** Username and password may come in the query or the JSON body (original specification). */
export const login = defineRoute({
  method: 'POST',
  path: '/api/token/get-by-username-and-password',
  summary: '用户名密码登录，返回令牌',
  tag: '认证',
  query: loginFields.partial(),
  body: loginFields.partial().nullish(),
  data: z.string().describe('JWT'),
});
export const loginSchema = loginFields;

export const logout = defineRoute({
  method: 'POST',
  path: '/vue-element-admin/user/logout',
  summary: '退出登录，令牌作废',
  tag: '认证',
  // The original client may name the token it logs out; the Authorization header is what counts.
  query: z.object({ token: z.string().max(4096).optional() }),
  data: z.null(),
});

export interface MenuEntry {
  id: number;
  powerUrl: string;
  title: string;
  icon: string | null;
  hidden: boolean;
  subList: MenuEntry[];
}
export const menuEntry: z.ZodType<MenuEntry> = z.lazy(() =>
  z.object({
    id: z.number(),
    powerUrl: z.string(),
    title: z.string(),
    icon: z.string().nullable(),
    hidden: z.boolean(),
    subList: z.array(menuEntry),
  }),
);

export const listMenuByUser = defineRoute({
  method: 'GET',
  path: '/api/admin/menu-management/list-menu-by-user',
  summary: '当前用户的菜单、姓名、角色与按钮权限',
  tag: '认证',
  query: z.object({ token: z.string().optional() }),
  data: z.object({
    menuList: z.array(menuEntry),
    realName: z.string(),
    userid: z.number(),
    username: z.string(),
    roleId: z.number(),
    roleName: z.string(),
    /** Role names, for the client-side `meta.roles` route filter. */
    roles: z.array(z.string()),
    /** Codes of the button powers the role holds, for hiding buttons. */
    buttons: z.array(z.string()),
  }),
});
export type UserMenu = z.infer<typeof listMenuByUser.data>;

export const changeOwnPasswordSchema = z.object({
  oldPassword: z
    .string({ error: '原密码不能为空' })
    .min(1, '原密码不能为空')
    .max(128, '原密码最多 128 个字符'),
  password: newPassword,
});
export const updateAdminPassword = defineRoute({
  method: 'POST',
  path: '/api/admin/admin-management/update-admin-password',
  summary: '修改自己的密码（旧令牌随之作废）',
  tag: '认证',
  body: changeOwnPasswordSchema,
  data: z.null(),
});

/** Token payload: the original client reads roleId and userId from it. */
export interface TokenPayload {
  roleId: number;
  userId: number;
}
