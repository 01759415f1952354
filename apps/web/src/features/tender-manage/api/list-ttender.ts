import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RouteInput, tenderApi } from '@tender/contracts';
import type { z } from 'zod';
import { PROCUREMENT_METHOD_CODES } from '@tender/contracts/procurement-method';
import { TENDER_STATUS_OPTIONS } from '@/components/TenderStatusTag';
import { listQuery, oneOf, pageFields, text } from '@/lib/list-query';
import { request } from '@/lib/request';
import { tenderRoutes } from '@/lib/routes';
import { tenderKeys } from './keys';

export type TenderListQuery = RouteInput<typeof tenderApi.listTtender>;

/** `tenderApi.listTtender.query` without zod (listTenderQuery in the contract). */
export const tenderListQuery = listQuery<
  z.output<NonNullable<(typeof tenderApi.listTtender)['query']>>
>({
  ...pageFields,
  keyword: text(100),
  category: text(50),
  status: oneOf(TENDER_STATUS_OPTIONS.map((option) => option.value)),
  procurementMethod: oneOf(PROCUREMENT_METHOD_CODES),
});

export const fetchTenderList = (query: TenderListQuery) =>
  request(tenderRoutes.listTtender, query, { quiet: true });

export const useTenderList = (query: TenderListQuery) =>
  useQuery({
    queryKey: tenderKeys.list(query),
    queryFn: () => fetchTenderList(query),
    placeholderData: keepPreviousData,
  });
