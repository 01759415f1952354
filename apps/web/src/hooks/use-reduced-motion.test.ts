import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReducedMotion } from './use-reduced-motion';
import { appTheme } from '@/lib/theme';

/** A system setting the test can change, as matchMedia reports it. */
function systemSetting(reduce: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return reduce;
    },
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal('matchMedia', (query: string) => {
    expect(query).toBe('(prefers-reduced-motion: reduce)');
    return media;
  });
  return {
    change(next: boolean) {
      reduce = next;
      listeners.forEach((listener) => listener());
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reduced motion', () => {
  it('follows the system setting while the page is open', () => {
    const setting = systemSetting(true);
    const { result } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(true);
    act(() => setting.change(false));
    expect(result.current).toBe(false);
  });

  it('turns Ant Design motion off in the theme', () => {
    expect(appTheme('#1890ff', false, false).token?.motion).toBe(false);
    expect(appTheme('#1890ff', false).token?.motion).toBe(true);
  });
});
