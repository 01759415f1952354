import type { HttpMethod, RouteContract } from './route.js';
import type * as announcementApi from './announcement.js';
import type * as auth from './auth.js';
import type * as publicApi from './public.js';
import type * as supplierApi from './supplier.js';
import type * as tenderApi from './tender.js';

/*
 * What a browser needs before it loads any schema: the reply codes and the method and path of
 * the calls the public pages make. Importing a contract module builds its zod schemas, and zod
 * is too much to load before a public page can draw. Each value here is checked against its
 * contract by a test (apps/web/src/lib/browser-routes.test.ts); the contract stays the source.
 */

/** The base path every API call lives under (as `API_BASE`). */
export const BROWSER_API_BASE = '/tendering-service';
/** As `SUCCESS_CODES`: the original client also reads -1 as success. */
export const BROWSER_SUCCESS_CODES: readonly number[] = [0, -1];
/** As `LOGGED_OUT_CODES`: the session is over and the client offers to log in again. */
export const BROWSER_LOGGED_OUT_CODES: readonly number[] = [501, 502, 503];

/** A route's method and path, typed by its contract (`R` is never present at run time). */
export interface RouteRef<R extends RouteContract = RouteContract> {
  readonly method: HttpMethod;
  readonly path: string;
  readonly contract?: R;
}

const ref = <R extends RouteContract>(method: R['method'], path: string): RouteRef<R> => ({
  method,
  path,
});

export const authRoutes = {
  login: ref<typeof auth.login>('POST', '/api/token/get-by-username-and-password'),
  logout: ref<typeof auth.logout>('POST', '/vue-element-admin/user/logout'),
  listMenuByUser: ref<typeof auth.listMenuByUser>(
    'GET',
    '/api/admin/menu-management/list-menu-by-user',
  ),
};

export const publicRoutes = {
  systemInfo: ref<typeof publicApi.systemInfo>('GET', '/api/public/system-info'),
  listDictItemsPublic: ref<typeof publicApi.listDictItemsPublic>(
    'GET',
    '/api/public/dictionary/list-items',
  ),
};

export const supplierRoutes = {
  register: ref<typeof supplierApi.register>('POST', '/api/public/register'),
};

export const tenderRoutes = {
  searchTenderMsg: ref<typeof tenderApi.searchTenderMsg>('GET', '/api/public/tender-msg/search'),
  getTenderMsgById: ref<typeof tenderApi.getTenderMsgById>(
    'GET',
    '/api/public/tender-msg/get-by-id',
  ),
};

export const announcementRoutes = {
  searchAnnouncement: ref<typeof announcementApi.searchAnnouncement>(
    'GET',
    '/api/public/announcement/search',
  ),
  getPublicAnnouncementById: ref<typeof announcementApi.getPublicAnnouncementById>(
    'GET',
    '/api/public/announcement/get-by-id',
  ),
};
