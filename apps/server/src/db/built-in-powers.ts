import type { PowerType } from '@tender/contracts';

export interface PowerSeed {
  code: string;
  type: PowerType;
  title: string;
  powerUrl?: string;
  icon?: string;
  hidden?: boolean;
  children?: PowerSeed[];
}

const buttons = (area: string, label: string, extra: PowerSeed[] = []): PowerSeed[] => [
  { code: `${area}:add`, type: 'button', title: `新增${label}` },
  { code: `${area}:edit`, type: 'button', title: `修改${label}` },
  { code: `${area}:delete`, type: 'button', title: `删除${label}` },
  ...extra,
];

/** The actions of 招标管理 (the tender screens' buttons, each bound to its routes). */
const TENDER_BUTTONS: PowerSeed[] = [
  ...buttons('tender', '招标'),
  { code: 'tender:publish', type: 'button', title: '发布招标' },
  { code: 'tender:amend', type: 'button', title: '澄清/修改' },
  { code: 'tender:cancel', type: 'button', title: '终止招标' },
  { code: 'tender:retender', type: 'button', title: '重新招标' },
  { code: 'tender:invite', type: 'button', title: '邀请供应商' },
  { code: 'tender:export', type: 'button', title: '导出招标' },
  { code: 'tender:open', type: 'button', title: '开标' },
  { code: 'tender:award', type: 'button', title: '定标' },
  { code: 'tender:committee', type: 'button', title: '组建评标委员会' },
  { code: 'tender:return-report', type: 'button', title: '退回评标报告' },
  { code: 'tender:answer-question', type: 'button', title: '答复答疑' },
];

/** The expert pool's actions (专家库). */
const EXPERT_BUTTONS: PowerSeed[] = [
  { code: 'expert:add', type: 'button', title: '新增专家' },
  { code: 'expert:edit', type: 'button', title: '修改专家' },
];

/** Finance's actions on the bid bond ledger (保证金管理). */
const BOND_BUTTONS: PowerSeed[] = [
  { code: 'bond:verify', type: 'button', title: '核验保证金' },
  { code: 'bond:refund', type: 'button', title: '退还保证金' },
  { code: 'bond:forfeit', type: 'button', title: '没收保证金' },
];

/** The actions of 中标公告 (drafts, publication, revocation, answering objections). */
const ANNOUNCEMENT_BUTTONS: PowerSeed[] = [
  { code: 'announcement:edit', type: 'button', title: '修改公告' },
  { code: 'announcement:publish', type: 'button', title: '发布公告' },
  { code: 'announcement:revoke', type: 'button', title: '撤销公告' },
  { code: 'objection:answer', type: 'button', title: '答复异议' },
];

/** The administrators' own screens: an interface bound under them can never be opened to all. */
export const ADMIN_POWER_GROUPS = ['group:system', 'group:authority_management'];

/**
 * Every screen of the original specification's route table: groups hold menus, hidden detail
 * screens are hidden children of their menu (so the guard admits them with it), and buttons
 * are the actions inside a screen.
 */
export const POWER_TREE: PowerSeed[] = [
  {
    code: 'group:bid',
    type: 'group',
    title: '招标投标',
    powerUrl: '/bid',
    icon: 'ShoppingOutlined',
    children: [
      {
        code: 'menu:tenderMsg',
        type: 'menu',
        title: '招标信息',
        powerUrl: '/tenderMsg',
        icon: 'FileSearchOutlined',
        children: [
          {
            code: 'menu:downloadTender',
            type: 'menu',
            title: '下载招标文件',
            powerUrl: '/downloadTender',
            hidden: true,
          },
        ],
      },
      {
        code: 'menu:bidding',
        type: 'menu',
        title: '投标报价',
        powerUrl: '/bidding',
        icon: 'MoneyCollectOutlined',
      },
      {
        code: 'menu:clarification',
        type: 'menu',
        title: '评标澄清',
        powerUrl: '/clarification',
        icon: 'MailOutlined',
      },
    ],
  },
  {
    code: 'group:tender',
    type: 'group',
    title: '招标管理',
    powerUrl: '/tender',
    icon: 'FileTextOutlined',
    children: [
      {
        code: 'menu:tender_list',
        type: 'menu',
        title: '招标管理',
        powerUrl: '/tender_list',
        icon: 'ProfileOutlined',
        children: [
          {
            code: 'menu:denderManagement_details',
            type: 'menu',
            title: '招标管理详情',
            powerUrl: '/denderManagement_details',
            hidden: true,
          },
          ...TENDER_BUTTONS,
        ],
      },
      {
        code: 'menu:supply',
        type: 'menu',
        title: '投标人信息管理',
        powerUrl: '/supply',
        icon: 'TeamOutlined',
        children: [{ code: 'supplier:audit', type: 'button', title: '审核供应商' }],
      },
    ],
  },
  {
    code: 'group:evaluation',
    type: 'group',
    title: '评标',
    powerUrl: '/evaluate',
    icon: 'AuditOutlined',
    children: [
      {
        code: 'menu:evaluation',
        type: 'menu',
        title: '评标任务',
        powerUrl: '/evaluation',
        icon: 'FileDoneOutlined',
        children: [
          {
            code: 'menu:evaluationDesk',
            type: 'menu',
            title: '评标',
            powerUrl: '/evaluationDesk',
            hidden: true,
          },
        ],
      },
      {
        code: 'menu:expert',
        type: 'menu',
        title: '专家库',
        powerUrl: '/expert',
        icon: 'IdcardOutlined',
        children: EXPERT_BUTTONS,
      },
    ],
  },
  {
    code: 'group:fund',
    type: 'group',
    title: '保证金与合同',
    powerUrl: '/fund',
    icon: 'WalletOutlined',
    children: [
      {
        code: 'menu:bond',
        type: 'menu',
        title: '保证金管理',
        powerUrl: '/bond',
        icon: 'MoneyCollectOutlined',
        children: BOND_BUTTONS,
      },
      {
        code: 'menu:contract',
        type: 'menu',
        title: '合同管理',
        powerUrl: '/contract',
        icon: 'FileProtectOutlined',
        children: [{ code: 'contract:add', type: 'button', title: '录入合同' }],
      },
    ],
  },
  {
    code: 'group:notice',
    type: 'group',
    title: '公告',
    powerUrl: '/notice',
    icon: 'NotificationOutlined',
    children: [
      {
        code: 'menu:announcement',
        type: 'menu',
        title: '中标公告',
        powerUrl: '/announcement',
        icon: 'NotificationOutlined',
        children: [
          {
            code: 'menu:announcementDetail',
            type: 'menu',
            title: '公告详情',
            powerUrl: '/announcementDetail',
            hidden: true,
          },
          ...ANNOUNCEMENT_BUTTONS,
        ],
      },
    ],
  },
  {
    code: 'group:system',
    type: 'group',
    title: '系统管理',
    powerUrl: '/system',
    icon: 'SettingOutlined',
    children: [
      {
        code: 'menu:administrator',
        type: 'menu',
        title: '用户管理',
        powerUrl: '/administrator',
        icon: 'UserOutlined',
        children: buttons('user', '用户', [
          { code: 'user:reset-password', type: 'button', title: '重置密码' },
          { code: 'user:export', type: 'button', title: '导出用户' },
        ]),
      },
      {
        code: 'menu:dictionary',
        type: 'menu',
        title: '数据字典',
        powerUrl: '/dictionary',
        icon: 'BookOutlined',
        children: buttons('dict', '字典'),
      },
    ],
  },
  {
    code: 'group:authority_management',
    type: 'group',
    title: '权限管理',
    powerUrl: '/authority_management',
    icon: 'SafetyOutlined',
    children: [
      {
        code: 'menu:interface',
        type: 'menu',
        title: '接口管理',
        powerUrl: '/interface',
        icon: 'ApiOutlined',
        children: buttons('interface', '接口'),
      },
      {
        code: 'menu:role',
        type: 'menu',
        title: '角色管理',
        powerUrl: '/role',
        icon: 'TeamOutlined',
        children: buttons('role', '角色'),
      },
      {
        code: 'menu:authority',
        type: 'menu',
        title: '权限管理',
        powerUrl: '/authority',
        icon: 'KeyOutlined',
        children: buttons('power', '权限'),
      },
      {
        code: 'menu:auditLog',
        type: 'menu',
        title: '审计日志',
        powerUrl: '/auditLog',
        icon: 'AuditOutlined',
      },
    ],
  },
  {
    code: 'group:personal',
    type: 'group',
    title: '个人中心',
    powerUrl: '/personal',
    icon: 'IdcardOutlined',
    children: [
      {
        code: 'menu:updateInfo',
        type: 'menu',
        title: '个人信息',
        powerUrl: '/updateInfo',
        icon: 'IdcardOutlined',
      },
    ],
  },
];

const codesOf = (nodes: PowerSeed[]): string[] =>
  nodes.flatMap((node) => [node.code, ...codesOf(node.children ?? [])]);

/**
 * Every code of the release's own powers. The server's rules name these codes (route access,
 * who may read drafts), so none may be renamed or taken by another power: an editable text
 * must not decide who sees what.
 */
export const BUILT_IN_POWER_CODES: readonly string[] = codesOf(POWER_TREE);

/** The built-in roles and the powers PRODUCT.md gives them (admin holds every power). */
export const ROLE_SEEDS: { roleName: string; description: string; powers: string[] | 'all' }[] = [
  {
    roleName: 'admin',
    description: '系统管理员：用户、角色、权限、接口、数据字典、审计日志',
    powers: 'all',
  },
  {
    roleName: 'tender_manager',
    description: '招标管理员：招标、供应商审核、开标、定标、中标公告',
    powers: [
      'group:tender',
      'menu:tender_list',
      'menu:denderManagement_details',
      ...TENDER_BUTTONS.map((button) => button.code),
      'menu:supply',
      'supplier:audit',
      'group:evaluation',
      'menu:evaluation',
      'menu:evaluationDesk',
      'menu:expert',
      ...EXPERT_BUTTONS.map((button) => button.code),
      'group:fund',
      'menu:bond',
      'menu:contract',
      'contract:add',
      'group:notice',
      'menu:announcement',
      'menu:announcementDetail',
      ...ANNOUNCEMENT_BUTTONS.map((button) => button.code),
      'group:personal',
      'menu:updateInfo',
    ],
  },
  {
    roleName: 'bidder',
    description: '投标人（供应商员工）：报名、下载招标文件、密封报价、查看结果',
    powers: [
      'group:bid',
      'menu:tenderMsg',
      'menu:downloadTender',
      'menu:bidding',
      'menu:clarification',
      'group:notice',
      'menu:announcement',
      'menu:announcementDetail',
      'group:personal',
      'menu:updateInfo',
    ],
  },
  {
    roleName: 'evaluation_expert',
    description: '评标专家：签署承诺书、评审与评分、评标澄清、签署评标报告（仅本人所在评标委员会）',
    powers: [
      'group:evaluation',
      'menu:evaluation',
      'menu:evaluationDesk',
      'group:personal',
      'menu:updateInfo',
    ],
  },
  {
    roleName: 'finance',
    description: '财务：投标保证金核验、退还与没收',
    powers: [
      'group:fund',
      'menu:bond',
      ...BOND_BUTTONS.map((button) => button.code),
      'group:personal',
      'menu:updateInfo',
    ],
  },
];
