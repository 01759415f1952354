import type { QueryClient } from '@tanstack/react-query';
import { dictKeys } from './keys';
import { dictOptionsKey } from '@/hooks/use-dict';

/** A dictionary change shows in both panes and in every select built with useDict. */
export const invalidateDictViews = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: dictKeys.all }),
    queryClient.invalidateQueries({ queryKey: dictOptionsKey }),
  ]);
