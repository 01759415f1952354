import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { questionApi } from '@tender/contracts';
import { request } from '@/lib/request';
import { questionKeys } from './keys';

/**
 * A tender's 答疑 as the caller may read it (managers: all, with the asker; a signed-up
 * supplier: the answered ones and its own), with 答疑截止 and whether the caller may ask now.
 */
export const useQuestions = (tenderId: number, pageNum: number, pageSize = 10) =>
  useQuery({
    queryKey: questionKeys.list(tenderId, { pageNum, pageSize }),
    queryFn: () =>
      request(questionApi.listQuestion, { tenderId, pageNum, pageSize }, { quiet: true }),
    placeholderData: keepPreviousData,
  });
