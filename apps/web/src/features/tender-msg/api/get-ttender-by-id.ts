import { useQuery } from '@tanstack/react-query';
import { tenderApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { openTenderKeys } from './keys';

/** A published tender with the caller's participation (documents only once signed up). */
export const useOpenTender = (id: number | undefined) =>
  useQuery({
    queryKey: openTenderKeys.detail(id ?? 0),
    queryFn: () => request(tenderApi.getTtenderById, { id: id! }, { quiet: true }),
    enabled: !!id,
  });
