import { queryOptions, useQuery } from '@tanstack/react-query';
import { supplierApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { supplierKeys } from './keys';

export const fetchSupplier = (id: number) =>
  request(supplierApi.getSupplierById, { id }, { quiet: true });

export const supplierQuery = (id: number) =>
  queryOptions({ queryKey: supplierKeys.detail(id), queryFn: () => fetchSupplier(id) });

/** One supplier with its qualification files, for the detail drawer; idle without an id. */
export const useSupplier = (id: number | undefined) =>
  useQuery({ ...supplierQuery(id ?? 0), enabled: id !== undefined });
