import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { changeSetting } from '@/stores/settings';
import { clearErrorLog, errorLogStore } from '@/stores/error-log';
import { ErrorBoundary } from './ErrorBoundary';

function Broken(): never {
  throw new Error('渲染失败');
}

afterEach(() => {
  cleanup();
  clearErrorLog();
  vi.restoreAllMocks();
});

describe('error boundary', () => {
  it('shows the error and logs it with the component stack when the error log is on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    changeSetting('errorLog', true);
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    // The error screen (Result) loads when a screen has failed.
    expect(await screen.findByText('页面出错了', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('渲染失败')).toBeTruthy();
    const [entry] = errorLogStore.get();
    expect(entry?.message).toBe('渲染失败');
    expect(entry?.info).toContain('Broken');
    expect(entry?.url).toBe(window.location.href);
    expect(entry?.stack).toContain('渲染失败');
  });

  it('collects nothing when the error log is off', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    changeSetting('errorLog', false);
    render(
      <ErrorBoundary>
        <Broken />
      </ErrorBoundary>,
    );
    expect(errorLogStore.get()).toEqual([]);
  });
});
