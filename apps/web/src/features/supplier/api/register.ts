import { useMutation } from '@tanstack/react-query';
import type { RouteInput, supplierApi } from '@tender/contracts';
import { supplierRoutes } from '@tender/contracts/browser';
import { COMPANY_PRESENCE } from '@/components/company-contract';
import { request } from '@/lib/request';

export type RegisterInput = RouteInput<typeof supplierApi.register>;

/** The registration schema, loaded by the form's first check (zod is not in the page's load). */
export const loadRegisterSchema = () =>
  import('@tender/contracts/supplier').then((contract) => contract.registerSchema);

/** Which fields registration requires (register.test.ts holds it to the schema). */
export const REGISTER_PRESENCE = {
  ...COMPANY_PRESENCE,
  username: 'required',
  password: 'required',
  confirmPassword: 'optional',
} as const;

// Quiet: the form paints field errors itself and shows any other refusal once.
export const registerSupplier = (input: RegisterInput) =>
  request(supplierRoutes.register, input, { quiet: true, timeoutMs: 15_000 });

/** 供应商注册: the company and its bidder account, pending review. */
export const useRegisterSupplier = () => useMutation({ mutationFn: registerSupplier });
