import { useQuery } from '@tanstack/react-query';
import { tenderApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { openTenderKeys } from './keys';

/** The tender's 澄清/修改 (a signed-up supplier may read them). */
export const useTenderAmendments = (tenderId: number, enabled: boolean) =>
  useQuery({
    queryKey: openTenderKeys.amendments(tenderId),
    queryFn: () => request(tenderApi.listAmendments, { tenderId }, { quiet: true }),
    enabled,
  });
