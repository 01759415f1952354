import { parseLenient } from '@/hooks/use-url-query';
import { askEarly } from '@/lib/request';
import { tenderRoutes } from '@/lib/routes';
import { tenderListQuery } from '@/features/tender-manage/api/list-ttender';

/**
 * The first call of screens whose first rows decide when the page is drawn, asked for as the
 * page loads (route-table's `askEarly`): the same route and query as the screen's own list call
 * (`useUrlQuery` reads the URL the same way), which then takes the answer. Should they ever
 * differ, the screen simply calls again.
 */
export const askTenderList = (search: URLSearchParams) =>
  askEarly(tenderRoutes.listTtender, parseLenient(tenderListQuery, Object.fromEntries(search)));
