import { useQuery } from '@tanstack/react-query';
import { tenderApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { tenderKeys } from './keys';

export const fetchTender = (id: number) =>
  request(tenderApi.getTtenderById, { id }, { quiet: true });

export const useTender = (id: number | undefined) =>
  useQuery({
    queryKey: tenderKeys.detail(id ?? 0),
    queryFn: () => fetchTender(id!),
    enabled: !!id,
  });
