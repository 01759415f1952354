import type { FastifyInstance } from 'fastify';
import { admin } from '@tender/contracts';
import { recordAudit } from '../../lib/audit.js';
import { FileReply, addRoute } from '../../lib/route.js';
import {
  getUser,
  allUsers,
  deleteUser,
  getMyInfo,
  insertUser,
  listUsers,
  resetPassword,
  updateMyInfo,
  updateUser,
} from './service.js';

const STATUS_LABEL = { enabled: '启用', disabled: '停用' } as const;

async function usersWorkbook(rows: Awaited<ReturnType<typeof allUsers>>) {
  const { default: ExcelJS } = await import('exceljs'); // on first export (~27 MB resident)
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('用户列表');
  sheet.columns = [
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
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow({ ...row, status: STATUS_LABEL[row.status] });
  return Buffer.from(await workbook.xlsx.writeBuffer());
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
    const rows = await allUsers(deps, filters);
    // Who took a copy of the user list, with which filters, is part of the record.
    await recordAudit(deps.db, actor, {
      targetType: 'user',
      targetId: 'export',
      after: { filters, rows: rows.length },
    });
    const body = await usersWorkbook(rows);
    return new FileReply(
      '用户列表.xlsx',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      body,
    );
  });
  addRoute(app, admin.getMyInfo, 'open', async (_input, { user }) => getMyInfo(deps, user.userid));
  addRoute(app, admin.updateMyInfo, 'open', async (input, { user, actor }) => {
    await updateMyInfo(deps, user.userid, input, actor);
    return null;
  });
}
