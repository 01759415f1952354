import { useQuery } from '@tanstack/react-query';
import { tenderRoutes } from '@tender/contracts/browser';
import { request } from '@/lib/request';

/** One published tender for anyone (never a draft, never sign-ups or bids). */
export const usePublicTender = (id: number | undefined) =>
  useQuery({
    queryKey: ['public-tender', id],
    queryFn: () => request(tenderRoutes.getTenderMsgById, { id: id! }, { quiet: true }),
    enabled: !!id,
    retry: false,
  });
