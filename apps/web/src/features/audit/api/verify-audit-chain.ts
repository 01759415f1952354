import { useQuery } from '@tanstack/react-query';
import { audit } from '@tender/contracts';
import { request } from '@/lib/request';

/** The hash chain's state: checked when the screen opens (a full walk, so not on every page). */
export const useAuditChain = () =>
  useQuery({
    queryKey: ['audit', 'chain'],
    queryFn: () => request(audit.verifyAuditChain, {}, { quiet: true }),
    staleTime: 60_000,
  });
