import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { power, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { powerKeys } from '@/lib/query-keys';

export type PowerTreeFilter = NonNullable<RouteInput<typeof power.listPower>>;

export const fetchPowerTree = (filter: PowerTreeFilter = {}) =>
  request(power.listPower, filter, { quiet: true });

export const powerTreeQuery = (filter: PowerTreeFilter = {}) =>
  queryOptions({
    queryKey: powerKeys.tree(filter),
    queryFn: () => fetchPowerTree(filter),
    placeholderData: keepPreviousData,
  });

/** The whole power tree (groups → menus → hidden screens and buttons), optionally filtered. */
export const usePowerTree = (filter: PowerTreeFilter = {}) => useQuery(powerTreeQuery(filter));
