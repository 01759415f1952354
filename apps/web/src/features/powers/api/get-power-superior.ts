import { useQuery } from '@tanstack/react-query';
import { power, type PowerType } from '@tender/contracts';
import { request } from '@/lib/request';
import { powerKeys } from '@/lib/query-keys';

export const fetchPowerSuperiors = (type: PowerType) =>
  request(power.getPowerSuperior, { type }, { quiet: true });

/** The powers that may be the parent of a power of this type (0 is the top level). */
export const usePowerSuperiors = (type: PowerType | undefined) =>
  useQuery({
    queryKey: powerKeys.superiors(type ?? ''),
    queryFn: () => fetchPowerSuperiors(type as PowerType),
    enabled: type !== undefined,
  });
