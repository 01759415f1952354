import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Input } from 'antd';
import { stubBrowserLayout } from '@/test/render';
import { UrlFilterBar } from './FilterBar';

beforeAll(() => stubBrowserLayout());
afterEach(cleanup);

interface Values {
  keyword?: string;
  region?: string;
}
const fields = [
  { name: 'keyword', label: '关键词', lg: 6, control: <Input /> },
  { name: 'region', label: '地区', lg: 6, control: <Input /> },
];

function renderBar(values: Values, onSearch = vi.fn()) {
  const bar = (v: Values) => (
    <UrlFilterBar<Values>
      values={v}
      onSearch={onSearch}
      name="f"
      label="筛选"
      buttons={{ lg: 6 }}
      fields={fields}
    />
  );
  const view = render(bar(values));
  return { onSearch, rerender: (v: Values) => view.rerender(bar(v)) };
}
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('UrlFilterBar', () => {
  it('shows the URL’s filters, searches with what is typed, and resets to none', async () => {
    const { onSearch } = renderBar({ keyword: '变压器' });
    await waitFor(() => expect(input('关键词').value).toBe('变压器'));
    fireEvent.change(input('地区'), { target: { value: '华东' } });
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() =>
      expect(onSearch).toHaveBeenCalledWith({ keyword: '变压器', region: '华东' }),
    );
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    expect(onSearch).toHaveBeenLastCalledWith({});
    expect(input('关键词').value).toBe('');
  });

  it('follows a change of the URL, but a new object with the same filters keeps what is typed', async () => {
    const { rerender } = renderBar({ keyword: 'a' });
    await waitFor(() => expect(input('关键词').value).toBe('a'));
    fireEvent.change(input('地区'), { target: { value: '华东' } });
    rerender({ keyword: 'a' });
    expect(input('地区').value).toBe('华东');
    rerender({ region: '华北' });
    await waitFor(() => expect(input('地区').value).toBe('华北'));
    expect(input('关键词').value).toBe('');
  });
});
