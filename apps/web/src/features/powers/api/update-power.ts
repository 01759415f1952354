import { useMutation, useQueryClient } from '@tanstack/react-query';
import { power, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { invalidatePowerViews } from './invalidate-power-views';

export const updatePower = (input: RouteInput<typeof power.updatePower>) =>
  request(power.updatePower, input);

export function useUpdatePower() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePower,
    onSuccess: () => invalidatePowerViews(queryClient),
  });
}
