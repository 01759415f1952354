import { useMemo, type ReactNode } from 'react';
import type { UserMenu } from '@tender/contracts';
import { useUserMenu } from '@/stores/session';

export interface AccessCheck {
  /** Whether the caller holds the button power `code` (e.g. "user:export"). */
  can(code: string): boolean;
  isAdmin: boolean;
}

/** Role `admin` may do everything (PRODUCT.md); any other role only what its button powers say. */
export function accessOf(
  menu: Pick<UserMenu, 'roleName' | 'roles' | 'buttons'> | null,
): AccessCheck {
  const isAdmin = menu?.roleName === 'admin' || (menu?.roles ?? []).includes('admin');
  const buttons = new Set(menu?.buttons ?? []);
  return { isAdmin, can: (code) => isAdmin || buttons.has(code) };
}

export function useAccess(): AccessCheck {
  const menu = useUserMenu();
  return useMemo(() => accessOf(menu), [menu]);
}

/** Shows its children only to callers holding the button power; the server enforces it too. */
export function Access({
  code,
  children,
  fallback = null,
}: {
  code: string;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  return useAccess().can(code) ? children : fallback;
}
