import { useQuery } from '@tanstack/react-query';
import { tenderApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { tenderKeys } from './keys';

export const useAmendments = (tenderId: number) =>
  useQuery({
    queryKey: tenderKeys.amendments(tenderId),
    queryFn: () => request(tenderApi.listAmendments, { tenderId }, { quiet: true }),
  });
