import type { ComponentType } from 'react';
import type { RouteMeta } from '@/lib/route-handle';

type ScreenModule = Promise<{ default: ComponentType }>;

export interface AppRoute {
  path: string;
  /** Routes with a name get a tab and may be cached (the original adds only named routes). */
  name?: string;
  meta: RouteMeta;
  screen: () => ScreenModule;
  /**
   * The screen calls no react-query hook and shows no date: it is drawn outside DataShell, without
   * react-query and dayjs.
   */
  queryFree?: true;
}

/** Pages outside the layout, reachable without logging in (the guard's whitelist). */
export const PUBLIC_PATHS = [
  '/login',
  '/register',
  '/tenderMsgSearch',
  '/auth-redirect',
  '/404',
  '/401',
];

export const HOME_PATH = '/tenderMsgSearch';

export const publicRoutes: AppRoute[] = [
  {
    path: '/login',
    meta: { title: '登录' },
    screen: () => import('@/features/auth/screens/LoginScreen'),
    queryFree: true,
  },
  {
    path: '/register',
    meta: { title: '供应商注册' },
    screen: () => import('@/features/supplier/screens/RegisterScreen'),
  },
  {
    path: '/auth-redirect',
    meta: {},
    screen: () => import('@/features/auth/screens/AuthRedirectScreen'),
    queryFree: true,
  },
  {
    path: '/tenderMsgSearch',
    meta: { title: '招标信息查询' },
    screen: () => import('@/features/public-search/screens/TenderMsgSearchScreen'),
  },
  {
    path: '/404',
    meta: { title: '404' },
    screen: () => import('@/features/errors/screens/NotFoundScreen'),
  },
  {
    path: '/401',
    meta: { title: '401' },
    screen: () => import('@/features/errors/screens/UnauthorizedScreen'),
  },
];

/** Screens inside the layout; which of them a user may open comes from the server's menu. */
export const layoutRoutes: AppRoute[] = [
  {
    path: '/tenderMsg',
    name: 'tenderMsg',
    meta: { title: '招标信息' },
    screen: () => import('@/features/tender-msg/screens/TenderMsgScreen'),
  },
  {
    path: '/bidding',
    name: 'bidding',
    meta: { title: '投标报价' },
    screen: () => import('@/features/bidding/screens/BiddingScreen'),
  },
  {
    path: '/clarification',
    name: 'clarification',
    meta: { title: '评标澄清' },
    screen: () => import('@/features/clarification/screens/ClarificationScreen'),
  },
  {
    path: '/evaluation',
    name: 'evaluation',
    meta: { title: '评标任务' },
    screen: () => import('@/features/evaluation/screens/EvaluationTaskScreen'),
  },
  {
    path: '/evaluationDesk',
    name: 'evaluationDesk',
    meta: { title: '评标', noCache: true },
    screen: () => import('@/features/evaluation/screens/EvaluationDeskScreen'),
  },
  {
    path: '/announcement',
    name: 'announcement',
    meta: { title: '中标公告' },
    screen: () => import('@/features/announcement/screens/AnnouncementScreen'),
  },
  {
    path: '/announcementDetail',
    name: 'announcementDetail',
    meta: { title: '公告详情', noCache: true },
    screen: () => import('@/features/announcement/screens/AnnouncementDetailScreen'),
  },
  {
    path: '/updateInfo',
    name: 'updateInfo',
    meta: { title: '个人信息' },
    screen: () => import('@/features/profile/screens/UpdateInfoScreen'),
  },
  {
    path: '/downloadTender',
    name: 'downloadTender',
    meta: { title: '下载招标文件', noCache: true },
    screen: () => import('./download-tender-route'),
  },
  {
    path: '/tender_list',
    name: 'tender_list',
    meta: { title: '招标管理' },
    screen: () => import('@/features/tender-manage/screens/TenderListScreen'),
  },
  {
    path: '/supply',
    name: 'supply',
    meta: { title: '投标人信息管理' },
    screen: () => import('@/features/supplier/screens/SupplyScreen'),
  },
  {
    path: '/denderManagement_details',
    name: 'denderManagement_details',
    meta: { title: '招标管理详情', noCache: true },
    screen: () => import('./tender-detail-route'),
  },
  {
    path: '/expert',
    name: 'expert',
    meta: { title: '专家库' },
    screen: () => import('@/features/expert/screens/ExpertListScreen'),
  },
  {
    path: '/bond',
    name: 'bond',
    meta: { title: '保证金管理' },
    screen: () => import('@/features/bond/screens/BondListScreen'),
  },
  {
    path: '/contract',
    name: 'contract',
    meta: { title: '合同管理' },
    screen: () => import('@/features/contract/screens/ContractScreen'),
  },
  {
    path: '/administrator',
    name: 'administrator',
    meta: { title: '用户管理' },
    screen: () => import('@/features/users/screens/UserListScreen'),
  },
  {
    path: '/dictionary',
    name: 'dictionary',
    meta: { title: '数据字典' },
    screen: () => import('@/features/dictionary/screens/DictionaryScreen'),
  },
  {
    path: '/interface',
    name: 'interface',
    meta: { title: '接口管理' },
    screen: () => import('@/features/interfaces/screens/InterfaceListScreen'),
  },
  {
    path: '/role',
    name: 'role',
    meta: { title: '角色管理' },
    screen: () => import('@/features/roles/screens/RoleListScreen'),
  },
  {
    path: '/authority',
    name: 'authority',
    meta: { title: '权限管理' },
    screen: () => import('@/features/powers/screens/PowerTreeScreen'),
  },
  {
    path: '/auditLog',
    name: 'auditLog',
    meta: { title: '审计日志' },
    screen: () => import('@/features/audit/screens/AuditLogScreen'),
  },
];

const byPath = new Map([...publicRoutes, ...layoutRoutes].map((route) => [route.path, route]));

export const findRoute = (path: string) => byPath.get(path);
