import { useQuery } from '@tanstack/react-query';
import { committeeApi } from '@tender/contracts';
import { ApiError, request } from '@/lib/request';
import { committeeKeys } from './keys';

export type Committee = committeeApi.Committee;

/** The tender's committee, or null while none has been drawn (the server answers 404). */
export const fetchCommittee = (tenderId: number) =>
  request(committeeApi.getCommittee, { tenderId }, { quiet: true }).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === 404) return null;
    throw error;
  });

export const useCommittee = (tenderId: number, enabled = true) =>
  useQuery({
    queryKey: committeeKeys.committee(tenderId),
    queryFn: () => fetchCommittee(tenderId),
    enabled,
  });
