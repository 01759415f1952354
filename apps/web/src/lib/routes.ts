import type { RouteContract } from '@tender/contracts';
import type * as contracts from '@tender/contracts';
import type { RouteRef } from '@tender/contracts/browser';

/*
 * The method and path of the calls a signed-in first screen makes (a manager's 招标管理: its
 * list and row actions, the bell, the overdue-bond badge), as `@tender/contracts/browser` holds
 * the public pages': importing a contract module builds its zod schemas, and zod with every
 * contract's schemas is ≈ 45 KB gzip. Each value is checked against its contract by a test
 * (browser-routes.test.ts); the contract stays the source.
 */

const ref = <R extends RouteContract>(method: R['method'], path: string): RouteRef<R> => ({
  method,
  path,
});

type Tender = typeof contracts.tenderApi;
export const tenderRoutes = {
  listTtender: ref<Tender['listTtender']>('GET', '/api/ttender/ttender/list-ttender'),
  exportTtender: ref<Tender['exportTtender']>('GET', '/api/ttender/ttender/export-ttender'),
  deleteTtender: ref<Tender['deleteTtender']>('GET', '/api/ttender/ttender/delete-ttender'),
  publishTtender: ref<Tender['publishTtender']>('POST', '/api/ttender/ttender/publish-ttender'),
  retenderTtender: ref<Tender['retenderTtender']>('POST', '/api/ttender/ttender/retender-ttender'),
};

type Notification = typeof contracts.notificationApi;
export const notificationRoutes = {
  listMyNotification: ref<Notification['listMyNotification']>(
    'GET',
    '/api/notification/notification-management/list-my-notification',
  ),
  markRead: ref<Notification['markRead']>(
    'POST',
    '/api/notification/notification-management/mark-read',
  ),
};

type Bond = typeof contracts.bondApi;
export const bondRoutes = {
  listBond: ref<Bond['listBond']>('GET', '/api/bond/bond-management/list-bond'),
};
