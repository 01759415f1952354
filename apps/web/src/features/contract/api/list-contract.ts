import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { contractApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { contractKeys } from './keys';

/** The list's query as the URL holds it (parsed: `overdue` a boolean). */
export type ContractListQuery = z.output<NonNullable<typeof contractApi.listContract.query>>;

/** Awarded lots with their contract due days, newest award first, and the overdue count. */
export const useContractList = (query: ContractListQuery) =>
  useQuery({
    queryKey: contractKeys.list(query),
    queryFn: () =>
      request(
        contractApi.listContract,
        {
          ...query,
          overdue: query.overdue === undefined ? undefined : query.overdue ? 'true' : 'false',
        },
        { quiet: true },
      ),
    placeholderData: keepPreviousData,
  });
