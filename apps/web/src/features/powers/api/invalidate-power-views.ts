import type { QueryClient } from '@tanstack/react-query';
import { refreshUserMenu } from '@/stores/session';
import { roleKeys } from '@/lib/query-keys';
import { interfaceKeys } from '@/lib/query-keys';
import { powerKeys } from '@/lib/query-keys';

/**
 * A power change shows in the power tree, in role trees, in interface bindings and in the
 * caller's own sidebar, which is reloaded from the server.
 */
export async function invalidatePowerViews(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: powerKeys.all }),
    queryClient.invalidateQueries({ queryKey: roleKeys.all }),
    queryClient.invalidateQueries({ queryKey: interfaceKeys.all }),
    refreshUserMenu(),
  ]);
}
