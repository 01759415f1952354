import { useQuery } from '@tanstack/react-query';
import { deskApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { evaluationKeys, type LotRef } from './keys';

/** The caller's sheet on a lot, with the bids, criteria, progress and (after submitting) the others'. */
export const useSheet = ({ tenderId, lotId }: LotRef, enabled: boolean) =>
  useQuery({
    queryKey: evaluationKeys.sheet(tenderId, lotId),
    queryFn: () => request(deskApi.getSheet, { tenderId, lotId }, { quiet: true }),
    enabled,
  });
