import { queryOptions, useQuery } from '@tanstack/react-query';
import { admin } from '@tender/contracts';
import { request } from '@/lib/request';

export const myInfoKey = ['my-info'] as const;

export const fetchMyInfo = () => request(admin.getMyInfo, undefined, { quiet: true });

export const myInfoQuery = () => queryOptions({ queryKey: myInfoKey, queryFn: fetchMyInfo });

/** The caller's own profile, with the company for a bidder. */
export const useMyInfo = () => useQuery(myInfoQuery());
