import { useMutation, useQueryClient } from '@tanstack/react-query';
import { power, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { invalidatePowerViews } from './invalidate-power-views';

export const insertPower = (input: RouteInput<typeof power.insertPower>) =>
  request(power.insertPower, input);

export function useInsertPower() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: insertPower,
    onSuccess: () => invalidatePowerViews(queryClient),
  });
}
