import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TenderListQuery } from './tender-list-query';
import { request } from '@/lib/request';
import { tenderRoutes } from '@/lib/routes';
import { tenderKeys } from './keys';

export { tenderListQuery, type TenderListQuery } from './tender-list-query';

export const fetchTenderList = (query: TenderListQuery) =>
  request(tenderRoutes.listTtender, query, { quiet: true });

export const useTenderList = (query: TenderListQuery) =>
  useQuery({
    queryKey: tenderKeys.list(query),
    queryFn: () => fetchTenderList(query),
    placeholderData: keepPreviousData,
  });
