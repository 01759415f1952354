import type { MenuEntry, UserMenu } from '@tender/contracts';

let nextId = 1;
export const entry = (
  powerUrl: string,
  title: string,
  subList: MenuEntry[] = [],
  hidden = false,
): MenuEntry => ({
  id: nextId++,
  powerUrl,
  title,
  icon: null,
  hidden,
  subList,
});

/** The admin's menu as the server shapes it: groups, screens, hidden detail screens. */
export const adminMenuList: MenuEntry[] = [
  entry('/bid', '招标投标', [
    entry('/tenderMsg', '招标信息', [entry('/downloadTender', '下载招标文件', [], true)]),
    entry('/bidding', '投标报价'),
  ]),
  entry('/tender', '招标管理', [
    entry('/tender_list', '招标管理', [
      entry('/denderManagement_details', '招标管理详情', [], true),
    ]),
    entry('/supply', '投标人信息管理'),
  ]),
  entry('/notice', '公告', [
    entry('/announcement', '中标公告', [entry('/announcementDetail', '公告详情', [], true)]),
  ]),
  entry('/system', '系统管理', [
    entry('/administrator', '用户管理'),
    entry('/dictionary', '数据字典'),
  ]),
  entry('/authority_management', '权限管理', [
    entry('/interface', '接口管理'),
    entry('/role', '角色管理'),
    entry('/authority', '权限管理'),
    entry('/auditLog', '审计日志'),
  ]),
  entry('/personal', '个人中心', [entry('/updateInfo', '个人信息')]),
];

export const bidderMenuList: MenuEntry[] = [
  entry('/bid', '招标投标', [
    entry('/tenderMsg', '招标信息', [entry('/downloadTender', '下载招标文件', [], true)]),
    entry('/bidding', '投标报价'),
  ]),
  entry('/notice', '公告', [
    entry('/announcement', '中标公告', [entry('/announcementDetail', '公告详情', [], true)]),
  ]),
  entry('/personal', '个人中心', [entry('/updateInfo', '个人信息')]),
];

export const userMenu = (menuList: MenuEntry[], roles: string[]): UserMenu => ({
  menuList,
  realName: '测试用户',
  userid: 1,
  username: 'tester',
  roleId: 1,
  roleName: roles[0] ?? '',
  roles,
  buttons: [],
});
