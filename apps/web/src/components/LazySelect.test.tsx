import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { stubBrowserLayout } from '@/test/render';
import { Form } from 'antd';
import { LazySelect } from './LazySelect';

beforeAll(() => stubBrowserLayout());
afterEach(cleanup);

const options = [
  { value: 'a', label: '甲' },
  { value: 'b', label: '乙' },
];
const realSelect = () => document.querySelector('.ant-select input[role="combobox"]');

describe('LazySelect', { timeout: 15_000 }, () => {
  it('draws the closed select as a named combobox showing the chosen label or the placeholder', () => {
    const { rerender } = render(
      <LazySelect aria-label="类别" placeholder="招标类别" options={options} />,
    );
    const box = screen.getByRole<HTMLInputElement>('combobox', { name: '类别' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.value).toBe('');
    expect(box.closest('.lazy-select')?.textContent).toBe('招标类别');
    rerender(<LazySelect aria-label="类别" placeholder="招标类别" options={options} value="b" />);
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: '类别' }).value).toBe('乙');
    expect(box.closest('.lazy-select')?.textContent).toBe('乙');
    expect(realSelect()).toBeNull();
  });

  it('hands the focus to the real select when it arrives, if the look-alike still has it', async () => {
    render(<LazySelect aria-label="类别" options={options} value="a" />);
    act(() => screen.getByRole('combobox', { name: '类别' }).focus());
    await waitFor(() => expect(document.activeElement).toBe(realSelect()), { timeout: 10_000 });
  });

  it('does not take the focus back from a field the visitor moved on to', async () => {
    render(
      <>
        <LazySelect aria-label="类别" options={options} />
        <input aria-label="下一个" />
      </>,
    );
    const next = screen.getByRole('textbox', { name: '下一个' });
    act(() => screen.getByRole('combobox', { name: '类别' }).focus());
    act(() => next.focus());
    await waitFor(() => expect(realSelect()).not.toBeNull(), { timeout: 10_000 });
    expect(document.activeElement).toBe(next);
  });

  it('opens at once when a key asked it to open', async () => {
    render(<LazySelect aria-label="类别" options={options} />);
    fireEvent.keyDown(screen.getByRole('combobox', { name: '类别' }), { key: 'ArrowDown' });
    await waitFor(
      () => expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(2),
      { timeout: 10_000 },
    );
  });

  it('in a Form.Item takes its id and error colour; a multiple select with values is real at once', async () => {
    const field = (categories: string[]) => (
      <Form name="company" initialValues={{ categories }}>
        <Form.Item name="categories" label="供货类别" rules={[{ required: true, message: '必选' }]}>
          <LazySelect<string, string[]> mode="multiple" aria-label="供货类别" options={options} />
        </Form.Item>
        <button type="submit">提交</button>
      </Form>
    );
    const { unmount } = render(field([]));
    const box = screen.getByRole('combobox', { name: '供货类别' });
    expect(box.id).toBe('company_categories');
    expect(box.closest('.lazy-select')?.className).not.toContain('lazy-select-status-error');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    await screen.findByText('必选');
    expect(box.closest('.lazy-select')?.className).toContain('lazy-select-status-error');
    expect(realSelect()).toBeNull();
    unmount();

    render(field(['b']));
    await waitFor(() => expect(realSelect()).not.toBeNull(), { timeout: 10_000 });
    expect(document.querySelector('.ant-select')?.textContent).toContain('乙');
  });

  it('stays the real select when the last value of a multiple select is removed', async () => {
    const { rerender } = render(
      <LazySelect<string, string[]>
        mode="multiple"
        aria-label="类别"
        options={options}
        value={['a']}
      />,
    );
    await waitFor(() => expect(realSelect()).not.toBeNull(), { timeout: 10_000 });
    rerender(
      <LazySelect<string, string[]>
        mode="multiple"
        aria-label="类别"
        options={options}
        value={[]}
      />,
    );
    expect(realSelect()).not.toBeNull();
    expect(document.querySelector('.lazy-select')).toBeNull();
  });
});
