import { useMutation } from '@tanstack/react-query';
import { committeeApi } from '@tender/contracts';
import { request } from '@/lib/request';

/** 验证抽取: the server recomputes every draw from its recorded seed and eligible list. */
export const useVerifyDraw = (tenderId: number) =>
  useMutation({ mutationFn: () => request(committeeApi.verifyDraw, { tenderId }) });
