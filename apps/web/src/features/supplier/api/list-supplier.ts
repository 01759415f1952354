import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { supplierApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { supplierKeys } from './keys';

export type SupplierListQuery = RouteInput<typeof supplierApi.listSupplier>;

export const fetchSupplierList = (query: SupplierListQuery) =>
  request(supplierApi.listSupplier, query, { quiet: true });

export const supplierListQuery = (query: SupplierListQuery) =>
  queryOptions({
    queryKey: supplierKeys.list(query),
    queryFn: () => fetchSupplierList(query),
    placeholderData: keepPreviousData,
  });

export const useSupplierList = (query: SupplierListQuery) => useQuery(supplierListQuery(query));
