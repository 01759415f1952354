import { z } from 'zod';
import { defineRoute } from './route.js';
import { MAX_ID, id, requiredText } from './fields.js';

/** group = a sidebar group, menu = one screen (or a hidden sub-screen), button = one action. */
export const powerType = z.enum(['group', 'menu', 'button'], {
  error: '权限类型只能是 group（分组）、menu（菜单）或 button（按钮）',
});
export type PowerType = z.infer<typeof powerType>;

/**
 * The icons a power may carry (Ant Design icon names the sidebar can draw). An enum, not free
 * text: a name like `hasOwnProperty` once broke every page that drew the menu.
 */
export const POWER_ICON_NAMES = [
  'ApartmentOutlined',
  'ApiOutlined',
  'AppstoreOutlined',
  'AuditOutlined',
  'BankOutlined',
  'BarChartOutlined',
  'BellOutlined',
  'BookOutlined',
  'CalendarOutlined',
  'CheckCircleOutlined',
  'CloudOutlined',
  'ClusterOutlined',
  'ContainerOutlined',
  'ControlOutlined',
  'CrownOutlined',
  'DashboardOutlined',
  'DatabaseOutlined',
  'DeploymentUnitOutlined',
  'DollarOutlined',
  'DownloadOutlined',
  'EditOutlined',
  'EnvironmentOutlined',
  'FileDoneOutlined',
  'FileProtectOutlined',
  'FileSearchOutlined',
  'FileTextOutlined',
  'FolderOpenOutlined',
  'FundOutlined',
  'GlobalOutlined',
  'GoldOutlined',
  'HomeOutlined',
  'IdcardOutlined',
  'InboxOutlined',
  'KeyOutlined',
  'LineChartOutlined',
  'LinkOutlined',
  'LockOutlined',
  'MailOutlined',
  'MenuOutlined',
  'MoneyCollectOutlined',
  'NotificationOutlined',
  'PieChartOutlined',
  'ProfileOutlined',
  'ProjectOutlined',
  'ReconciliationOutlined',
  'SafetyOutlined',
  'ScheduleOutlined',
  'SearchOutlined',
  'SettingOutlined',
  'ShopOutlined',
  'ShoppingCartOutlined',
  'ShoppingOutlined',
  'SolutionOutlined',
  'SoundOutlined',
  'StarOutlined',
  'TagsOutlined',
  'TeamOutlined',
  'ThunderboltOutlined',
  'ToolOutlined',
  'TrophyOutlined',
  'UnorderedListOutlined',
  'UploadOutlined',
  'UserOutlined',
  'UserSwitchOutlined',
  'UsergroupAddOutlined',
  'WalletOutlined',
] as const;
export type PowerIconName = (typeof POWER_ICON_NAMES)[number];
export const powerIcon = z.enum(POWER_ICON_NAMES, { error: '图标必须是可选图标之一' });

/** Which parent each type may have: 0 is the root. */
export const allowedSuperiorTypes: Record<PowerType, readonly ('root' | PowerType)[]> = {
  group: ['root'],
  menu: ['group', 'menu'],
  button: ['menu'],
};

export interface Power {
  id: number;
  type: PowerType;
  superior: number;
  title: string;
  code: string | null;
  powerUrl: string | null;
  icon: string | null;
  sort: number;
  hidden: boolean;
  /** One of the release's own powers: its code is fixed (the server's rules name it). */
  builtIn: boolean;
  children?: Power[];
}
export const power: z.ZodType<Power> = z.lazy(() =>
  z.object({
    id: z.number(),
    type: powerType,
    superior: z.number(),
    title: z.string(),
    code: z.string().nullable(),
    powerUrl: z.string().nullable(),
    icon: z.string().nullable(),
    sort: z.number(),
    hidden: z.boolean(),
    builtIn: z.boolean(),
    children: z.array(power).optional(),
  }),
);

export const listPower = defineRoute({
  method: 'POST',
  path: '/api/admin/power-management/list-power',
  summary: '权限树（可按类型、关键字筛选）',
  tag: '权限管理',
  body: z
    .object({ type: powerType.optional(), keyword: z.string().trim().max(50).optional() })
    .nullish(),
  data: z.array(power),
});

const powerUrl = z
  .string()
  .trim()
  .max(200, '路由路径最多 200 个字符')
  .regex(/^\/[A-Za-z0-9_\-/]*$/, '路由路径必须以 / 开头');
const code = z
  .string()
  .trim()
  .max(100, '权限编码最多 100 个字符')
  .regex(/^[A-Za-z][A-Za-z0-9_:.-]*$/, '权限编码须以字母开头，只能包含字母、数字和 _ : . -');

const powerFields = {
  type: powerType,
  superior: z.coerce
    .number({ error: '上级权限必须是数字' })
    .int('上级权限必须是整数')
    .min(0, '上级权限不能小于 0')
    .max(MAX_ID, '上级权限超出范围'),
  title: requiredText('title', '标题', 50),
  code: code.optional().nullable(),
  powerUrl: powerUrl.optional().nullable(),
  icon: z.preprocess((v) => (v === '' ? null : v), powerIcon.nullable().optional()),
  sort: z.coerce
    .number({ error: '排序必须是数字' })
    .int('排序必须是整数')
    .min(0, '排序不能小于 0')
    .max(9999, '排序最大为 9999'),
  hidden: z.boolean({ error: '隐藏必须是 true 或 false' }),
};
export const insertPowerSchema = z.object({
  ...powerFields,
  sort: powerFields.sort.default(0),
  hidden: powerFields.hidden.default(false),
});
export const insertPower = defineRoute({
  method: 'POST',
  path: '/api/admin/power-management/insert-power',
  summary: '新增权限',
  tag: '权限管理',
  body: insertPowerSchema,
  data: z.object({ id: z.number() }),
});
// Built from the fields without defaults: a missing field means "unchanged", never the default.
export const updatePowerSchema = z
  .object(powerFields)
  .partial()
  .extend({ id: id('id') });
export const updatePower = defineRoute({
  method: 'POST',
  path: '/api/admin/power-management/update-power',
  summary: '修改权限',
  tag: '权限管理',
  body: updatePowerSchema,
  data: z.null(),
});

const idQuery = z.object({ id: id('id') });
export const getPowerInfoById = defineRoute({
  method: 'GET',
  path: '/api/admin/power-management/get-power-info-by-id',
  summary: '权限详情',
  tag: '权限管理',
  query: idQuery,
  data: power,
});
export const deletePower = defineRoute({
  method: 'GET',
  path: '/api/admin/power-management/delete-power',
  summary: '删除权限（有下级时拒绝）',
  tag: '权限管理',
  query: idQuery,
  data: z.null(),
});

export const superiorOption = z.object({
  id: z.number(),
  title: z.string(),
  type: z.union([powerType, z.literal('root')]),
  superior: z.number(),
});
export const getPowerSuperior = defineRoute({
  method: 'GET',
  path: '/api/admin/power-management/get-power-superior',
  summary: '某类型权限可选的上级（0 为顶级）',
  tag: '权限管理',
  query: z.object({ type: powerType }),
  data: z.array(superiorOption),
});
