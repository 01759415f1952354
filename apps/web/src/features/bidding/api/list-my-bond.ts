import { useQuery } from '@tanstack/react-query';
import { bondApi } from '@tender/contracts';
import { request } from '@/lib/request';

/** Query keys of the company's own bid bonds; a declaration invalidates `all`. */
export const myBondKeys = {
  all: ['bidding', 'bond'] as const,
  ofTender: (tenderId: number) => ['bidding', 'bond', tenderId] as const,
};

/** A tender has at most one bond per lot: one page holds all of the company's on it. */
const ALL_LOTS = 100;

/** The company's bonds on one tender (each lot's declaration, the account in full). */
export const useMyBonds = (tenderId: number) =>
  useQuery({
    queryKey: myBondKeys.ofTender(tenderId),
    queryFn: () =>
      request(bondApi.listMyBond, { tenderId, pageNum: 1, pageSize: ALL_LOTS }, { quiet: true }),
    select: (page) => page.list,
  });
