import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { admin, auth, role, type MenuEntry } from '@tender/contracts';
import { roles, users } from '../src/db/schema/index.js';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/client.js';
import { testDbKind } from './support/database.js';
import { startTestApp, testConfig, type TestApp } from './support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function eventually(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('the change never applied');
}

const paths = (menu: MenuEntry[]): string[] =>
  menu.flatMap((m) => [m.powerUrl, ...paths(m.subList)]);
const menuOf = async (username: string) => {
  const reply = await t.call(auth.listMenuByUser, {}, await t.login(username));
  expect(reply.body.code).toBe(0);
  return reply.body.data;
};

describe('list-menu-by-user', () => {
  it('gives admin every screen of the route table, with hidden detail screens under their menu', async () => {
    const menu = await menuOf('admin');
    expect(menu.realName).toBe('系统管理员');
    expect(menu.roles).toEqual(['admin']);
    expect(paths(menu.menuList)).toEqual(
      expect.arrayContaining([
        '/tenderMsg',
        '/downloadTender',
        '/bidding',
        '/announcement',
        '/announcementDetail',
        '/updateInfo',
        '/tender_list',
        '/denderManagement_details',
        '/supply',
        '/administrator',
        '/dictionary',
        '/authority_management',
        '/interface',
        '/role',
        '/authority',
        '/evaluation',
        '/evaluationDesk',
        '/expert',
        '/clarification',
      ]),
    );
    const tenderList = menu.menuList
      .flatMap((g: MenuEntry) => g.subList)
      .find((m: MenuEntry) => m.powerUrl === '/tender_list');
    expect(tenderList.subList).toEqual([
      expect.objectContaining({ powerUrl: '/denderManagement_details', hidden: true }),
    ]);
    expect(menu.buttons).toContain('user:export');
  });

  it('gives the tender manager tenders, suppliers, announcements and the profile only', async () => {
    const menu = await menuOf('manager');
    expect(paths(menu.menuList).sort()).toEqual(
      [
        '/tender',
        '/tender_list',
        '/denderManagement_details',
        '/supply',
        '/evaluate',
        '/evaluation',
        '/evaluationDesk',
        '/expert',
        '/fund',
        '/bond',
        '/contract',
        '/notice',
        '/announcement',
        '/announcementDetail',
        '/personal',
        '/updateInfo',
      ].sort(),
    );
    expect([...menu.buttons].sort()).toEqual(
      [
        'supplier:audit',
        'tender:add',
        'tender:edit',
        'tender:delete',
        'tender:publish',
        'tender:amend',
        'tender:cancel',
        'tender:retender',
        'tender:invite',
        'tender:export',
        'tender:open',
        'tender:award',
        'tender:committee',
        'tender:return-report',
        'tender:answer-question',
        'contract:add',
        'expert:add',
        'expert:edit',
        'announcement:edit',
        'announcement:publish',
        'announcement:revoke',
        'objection:answer',
      ].sort(),
    );
  });

  it('gives the bidder its tendering screens, announcements and the profile only', async () => {
    const menu = await menuOf('bidder1');
    expect(paths(menu.menuList).sort()).toEqual(
      [
        '/bid',
        '/tenderMsg',
        '/downloadTender',
        '/bidding',
        '/clarification',
        '/notice',
        '/announcement',
        '/announcementDetail',
        '/personal',
        '/updateInfo',
      ].sort(),
    );
    expect(menu.realName).toBe('李明');
  });

  it('gives an evaluation expert 评标任务 (and its desk) and the profile only', async () => {
    const [role] = await t.database.db
      .select()
      .from(roles)
      .where(eq(roles.roleName, 'evaluation_expert'));
    const [user] = await t.database.db
      .insert(users)
      .values({ username: 'menu_expert', passwordHash: 'x', realName: '王专家', roleId: role!.id })
      .returning({ id: users.id });
    const token = await t.app.deps.tokens.issue({ roleId: role!.id, userId: user!.id, tv: 0 });
    const reply = await t.call(auth.listMenuByUser, {}, token);
    expect(paths(reply.body.data.menuList).sort()).toEqual(
      ['/evaluate', '/evaluation', '/evaluationDesk', '/personal', '/updateInfo'].sort(),
    );
    expect(reply.body.data.buttons).toEqual([]);
  });

  it('gives finance 保证金管理 with its three actions and the profile only', async () => {
    const [role] = await t.database.db.select().from(roles).where(eq(roles.roleName, 'finance'));
    const [user] = await t.database.db
      .insert(users)
      .values({ username: 'menu_finance', passwordHash: 'x', realName: '刘会计', roleId: role!.id })
      .returning({ id: users.id });
    const token = await t.app.deps.tokens.issue({ roleId: role!.id, userId: user!.id, tv: 0 });
    const reply = await t.call(auth.listMenuByUser, {}, token);
    expect(paths(reply.body.data.menuList).sort()).toEqual(
      ['/fund', '/bond', '/personal', '/updateInfo'].sort(),
    );
    expect([...reply.body.data.buttons].sort()).toEqual(
      ['bond:forfeit', 'bond:refund', 'bond:verify'].sort(),
    );
  });
});

describe('interface permissions', () => {
  it('refuses a bidder calling user management with 403', async () => {
    const reply = await t.call(admin.listAdmin, {}, await t.login('bidder1'));
    expect(reply.status).toBe(403);
    expect(reply.body.code).toBe(403);
  });

  it('lets every logged-in user reach the open interfaces (menu, profile)', async () => {
    const token = await t.login('bidder1');
    expect((await t.call(admin.getMyInfo, {}, token)).body.code).toBe(0);
  });

  it('applies a change of a role’s powers at that role’s next request, on every server instance', async () => {
    // A second app on the same database stands for a second server process.
    const other =
      testDbKind === 'pglite'
        ? await buildApp({ config: testConfig(), database: t.database, logger: false })
        : await buildApp({
            config: testConfig(),
            database: await openDatabase({ kind: 'postgres', url: t.databaseUrl! }),
            logger: false,
          });
    await other.ready();
    try {
      const adminToken = await t.login('admin');
      const managerToken = await t.login('manager');
      const viaOther = (token: string) =>
        other.inject({
          method: 'GET',
          url: `/tendering-service${admin.listAdmin.path}`,
          headers: { authorization: token },
        });
      expect((await viaOther(managerToken)).statusCode).toBe(403);

      const roles = await t.call(role.listRole, { roleName: 'tender_manager' }, adminToken);
      const managerRole = roles.body.data.list[0];
      const detail = await t.call(
        role.getRoleInfoByRoleId,
        { roleId: managerRole.roleId },
        adminToken,
      );
      const userMenuId = (await menuOf('admin')).menuList
        .flatMap((g: MenuEntry) => g.subList)
        .find((m: MenuEntry) => m.powerUrl === '/administrator').id;
      const grant = await t.call(
        role.updateRole,
        { roleId: managerRole.roleId, powerIds: [...detail.body.data.powerIds, userMenuId] },
        adminToken,
      );
      expect(grant.body.code).toBe(0);
      // The other instance hears of it by a notification (test/access-cache.test.ts).
      await eventually(async () => (await viaOther(managerToken)).statusCode === 200);
      expect(
        paths((await t.call(auth.listMenuByUser, {}, managerToken)).body.data.menuList),
      ).toContain('/administrator');

      await t.call(
        role.updateRole,
        { roleId: managerRole.roleId, powerIds: detail.body.data.powerIds },
        adminToken,
      );
      await eventually(async () => (await viaOther(managerToken)).statusCode === 403);
    } finally {
      await other.close();
      if (testDbKind === 'postgres') await other.deps.database.close();
    }
  });
});
