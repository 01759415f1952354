import { useMutation, useQueryClient } from '@tanstack/react-query';
import { power } from '@tender/contracts';
import { request } from '@/lib/request';
import { invalidatePowerViews } from './invalidate-power-views';

/** The server answers 409 while the power still has children. */
export const deletePower = (id: number) => request(power.deletePower, { id });

export function useDeletePower() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePower,
    onSuccess: () => invalidatePowerViews(queryClient),
  });
}
