import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supplierApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { myInfoKey } from './get-my-info';
import { mySupplierKey } from '@/lib/query-keys';

export const updateMySupplier = (input: RouteInput<typeof supplierApi.updateMySupplier>) =>
  request(supplierApi.updateMySupplier, input);

/** Saves the company; its state may change (back to review), so the profile reloads too. */
export function useUpdateMySupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMySupplier,
    onSuccess: async (saved) => {
      queryClient.setQueryData(mySupplierKey, saved);
      await queryClient.invalidateQueries({ queryKey: myInfoKey });
    },
  });
}
