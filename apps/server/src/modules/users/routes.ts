import type { FastifyInstance } from 'fastify';
import { admin, formatDateTime } from '@tender/contracts';
import { recordAudit } from '../../lib/audit.js';
import { FileReply, addRoute } from '../../plugins/route.js';
import { type SheetColumn, streamWorkbook } from '../../lib/xlsx-stream.js';
import {
  getUser,
  exportedUserCount,
  exportedUsers,
  deleteUser,
  getMyInfo,
  insertUser,
  listUsers,
  resetPassword,
  updateMyInfo,
  updateUser,
} from './service.js';

const STATUS_LABEL = { enabled: '启用', disabled: '停用' } as const;

const COLUMNS: SheetColumn[] = [
  { header: '用户ID', key: 'userid', width: 10 },
  { header: '用户名', key: 'username', width: 18 },
  { header: '姓名', key: 'realName', width: 14 },
  { header: '角色', key: 'roleName', width: 16 },
  { header: '电话', key: 'phone', width: 16 },
  { header: '邮箱', key: 'email', width: 28 },
  { header: '状态', key: 'status', width: 8 },
  { header: '供应商', key: 'supplierName', width: 28 },
  { header: '最后登录', key: 'lastLoginAt', width: 22 },
  { header: '创建时间', key: 'createdAt', width: 22 },
];

async function* sheetRows(batches: ReturnType<typeof exportedUsers>) {
  for await (const rows of batches)
    yield rows.map((row) => ({
      ...row,
      status: STATUS_LABEL[row.status],
      lastLoginAt: row.lastLoginAt ? formatDateTime(row.lastLoginAt) : '',
      createdAt: formatDateTime(row.createdAt),
    }));
}

export async function userRoutes(app: FastifyInstance) {
  const { deps } = app;
  const view = { power: 'menu:administrator' };

  addRoute(app, admin.listAdmin, view, async (query) => listUsers(deps, query));
  addRoute(app, admin.getAdminInfoByUserId, view, async ({ userid }) => getUser(deps.db, userid));
  addRoute(app, admin.insertAdmin, { power: 'user:add' }, async (input, { user, actor }) =>
    insertUser(deps, input, user, actor),
  );
  addRoute(app, admin.updateAdmin, { power: 'user:edit' }, async (input, { user, actor }) => {
    await updateUser(deps, input, user, actor);
    return null;
  });
  addRoute(
    app,
    admin.deleteAdmin,
    { power: 'user:delete' },
    async ({ userid }, { user, actor }) => {
      await deleteUser(deps, userid, user, actor);
      return null;
    },
  );
  addRoute(
    app,
    admin.updateAdminPasswordById,
    { power: 'user:reset-password' },
    async (input, { user, actor }) => {
      await resetPassword(deps, input.userid, input.password, user, actor);
      return null;
    },
  );
  addRoute(app, admin.exportAdmin, { power: 'user:export' }, async (filters, { actor }) => {
    // Who took a copy of the user list, with which filters, is part of the record.
    await recordAudit(deps.db, actor, {
      targetType: 'user',
      targetId: 'export',
      after: { filters, rows: await exportedUserCount(deps, filters) },
    });
    return new FileReply(
      '用户列表.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      streamWorkbook('用户列表', COLUMNS, sheetRows(exportedUsers(deps, filters))),
    );
  });
  addRoute(app, admin.getMyInfo, 'open', async (_input, { user }) => getMyInfo(deps, user.userid));
  addRoute(app, admin.updateMyInfo, 'open', async (input, { user, actor }) => {
    await updateMyInfo(deps, user.userid, input, actor);
    return null;
  });
}
