import { queryOptions, useQuery } from '@tanstack/react-query';
import { supplierApi } from '@tender/contracts';
import { request } from '@/lib/request';

export const mySupplierKey = ['my-supplier'] as const;

export const fetchMySupplier = () => request(supplierApi.getMySupplier, undefined, { quiet: true });

export const mySupplierQuery = () =>
  queryOptions({ queryKey: mySupplierKey, queryFn: fetchMySupplier });

/** A bidder's own company, with its review state and qualification files. */
export const useMySupplier = (enabled = true) => useQuery({ ...mySupplierQuery(), enabled });
