import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supplierApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';
import { supplierKeys } from './keys';

export type AuditSupplierInput = RouteInput<typeof supplierApi.auditSupplier>;

export const auditSupplier = (input: AuditSupplierInput) =>
  request(supplierApi.auditSupplier, input);

/** 通过 / 驳回 / 拉黑 / 恢复 with a reason; refreshes the list and the open detail. */
export function useAuditSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: auditSupplier,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: supplierKeys.all });
    },
  });
}
