import { useMutation } from '@tanstack/react-query';
import { supplierApi, type RouteInput } from '@tender/contracts';
import { request } from '@/lib/request';

export type RegisterInput = RouteInput<typeof supplierApi.register>;

// Quiet: the form paints field errors itself and shows any other refusal once.
export const registerSupplier = (input: RegisterInput) =>
  request(supplierApi.register, input, { quiet: true, timeoutMs: 15_000 });

/** 供应商注册: the company and its bidder account, pending review. */
export const useRegisterSupplier = () => useMutation({ mutationFn: registerSupplier });
