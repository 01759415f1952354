import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { tenderApi } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import { request } from '@/lib/request';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { TenderFormModal } from './TenderFormModal';

vi.mock('@/lib/request', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  request: vi.fn(),
}));
// The lazy Tiptap editor is not what these tests look at.
vi.mock('@/components/RichTextEditor', () => ({
  RichTextEditor: (props: { value?: string; onChange?: (v: string) => void }) => (
    <textarea
      aria-label="招标内容"
      value={props.value ?? ''}
      onChange={(e) => props.onChange?.(e.target.value)}
    />
  ),
}));
const requestMock = vi.mocked(request);

const DICT: Record<string, { label: string; value: string }[]> = {
  tender_category: [{ label: '电力变压器', value: 'transformer' }],
  region: [{ label: '华东', value: 'east' }],
  currency: [{ label: '人民币', value: 'CNY' }],
};

beforeAll(() => stubBrowserLayout());
beforeEach(() => {
  requestMock.mockReset();
  requestMock.mockImplementation(async (route, input) => {
    if (route === publicRoutes.listDictItemsPublic)
      return (DICT[(input as { typeCode: string }).typeCode] ?? []).map((o) => ({
        ...o,
        tagColor: null,
      }));
    if (route === tenderApi.insertTtender) return { id: 7, tenderNo: 'ZB-2026-000007' };
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(cleanup);

const FAR = dayjs().add(60, 'day').hour(10).minute(0).second(0).millisecond(0);
const FMT = 'YYYY-MM-DD HH:mm';

function typeDate(label: string, value: string) {
  const input = screen.getByLabelText(label);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
}

async function fillRequired() {
  fireEvent.change(screen.getByLabelText('招标标题'), { target: { value: '主变压器采购' } });
  fireEvent.mouseDown(screen.getByLabelText('设备类别'));
  fireEvent.click(await screen.findByText('电力变压器'));
  fireEvent.change(screen.getByLabelText('预算金额'), { target: { value: '1150000' } });
  typeDate('投标截止时间', FAR.format(FMT));
}

const save = () => fireEvent.click(screen.getByRole('button', { name: /保存草稿/ }));
const insertCall = () =>
  requestMock.mock.calls.find(([route]) => route === tenderApi.insertTtender);

describe('the tender form’s 保证金形式', { timeout: 20_000 }, () => {
  it('accepts all three forms unless the manager unticks some, and sends the rest', async () => {
    const onClose = vi.fn();
    renderWithApp(<TenderFormModal open onClose={onClose} />);
    for (const label of ['转账', '银行保函', '保证保险'])
      expect((screen.getByLabelText(label) as HTMLInputElement).checked).toBe(true);
    await fillRequired();
    fireEvent.click(screen.getByLabelText('保证保险'));
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(insertCall()?.[1]).toMatchObject({ bondForms: ['transfer', 'guarantee'] });
  });

  it('refuses a tender that accepts no form', async () => {
    renderWithApp(<TenderFormModal open onClose={() => {}} />);
    await fillRequired();
    for (const label of ['转账', '银行保函', '保证保险'])
      fireEvent.click(screen.getByLabelText(label));
    save();
    expect(
      await screen.findByText('至少接受一种保证金形式', undefined, { timeout: 5000 }),
    ).toBeTruthy();
    expect(insertCall()).toBeUndefined();
  });
});
