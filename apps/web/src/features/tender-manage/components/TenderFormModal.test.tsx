import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { tenderApi } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import { ApiError } from '@/lib/request';
import { typeDate } from '@/test/date-input';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { TenderFormModal, MANDATORY_HINT, SEAL_FOLLOWS_HINT } from './TenderFormModal';
import { followDeadline } from './tender-form-values';
import { mockRequest } from '@/test/request-stub';

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
const requestMock = mockRequest();

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

async function fillRequired() {
  fireEvent.change(screen.getByLabelText('招标标题'), { target: { value: '主变压器采购' } });
  fireEvent.mouseDown(screen.getByLabelText('设备类别'));
  fireEvent.click(await screen.findByText('电力变压器'));
  fireEvent.change(screen.getByLabelText('预算金额'), { target: { value: '1150000' } });
  typeDate('投标截止时间', FAR.format(FMT));
}

const save = () => fireEvent.click(screen.getByRole('button', { name: /保存草稿/ }));

describe('the tender form', { timeout: 20_000 }, () => {
  it('explains the statutory periods when 依法必须招标 is on', async () => {
    renderWithApp(<TenderFormModal open onClose={() => {}} />);
    expect(screen.queryByText(MANDATORY_HINT)).toBeNull();
    fireEvent.click(screen.getByLabelText('依法必须招标'));
    expect(await screen.findByText(MANDATORY_HINT)).toBeTruthy();
    // A deadline 3 days away is too early for a mandatory tender: said beside the field, in
    // the words the server refuses it with (the contract's date rules).
    typeDate('投标截止时间', dayjs().add(3, 'day').format(FMT));
    expect(
      await screen.findByText(
        /自发布之日起至投标截止不得少于 20 日（不早于 /,
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
  });

  it('says beside the switch that 依法必须招标 also chose the remote opening, and asks three bids', async () => {
    renderWithApp(<TenderFormModal open onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('最少有效投标数'), { target: { value: '1' } });
    fireEvent.click(screen.getByLabelText('依法必须招标'));
    expect(await screen.findByText(SEAL_FOLLOWS_HINT)).toBeTruthy();
    expect((screen.getByLabelText('最少有效投标数') as HTMLInputElement).value).toBe('3');
    // Once the manager picks a seal mode, the note has nothing more to say.
    fireEvent.click(screen.getByLabelText('服务器密封'));
    await waitFor(() => expect(screen.queryByText(SEAL_FOLLOWS_HINT)).toBeNull());
  });

  it('proposes openingAt = bidDeadline', async () => {
    renderWithApp(<TenderFormModal open onClose={() => {}} />);
    typeDate('投标截止时间', FAR.format(FMT));
    await waitFor(() =>
      expect((screen.getByLabelText('开标时间') as HTMLInputElement).value).toBe(FAR.format(FMT)),
    );
  });

  it('openingAt follows the deadline only while the manager has not moved it', () => {
    const d1 = dayjs('2026-06-01T10:00:00Z');
    const d2 = dayjs('2026-06-02T10:00:00Z');
    const later = dayjs('2026-06-05T10:00:00Z');
    expect(followDeadline(undefined, d1, null)?.isSame(d1)).toBe(true);
    expect(followDeadline(d1, d2, d1)?.isSame(d2)).toBe(true);
    expect(followDeadline(d1, d2, later)?.isSame(later)).toBe(true);
  });

  it('shows 大写 under the budget', async () => {
    renderWithApp(<TenderFormModal open onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('预算金额'), { target: { value: '1150000' } });
    expect(await screen.findByText('大写：壹佰壹拾伍万元整')).toBeTruthy();
  });

  it("shows the server's field error beside the field and stays open", async () => {
    requestMock.mockImplementation(async (route, input) => {
      if (route === publicRoutes.listDictItemsPublic)
        return (DICT[(input as { typeCode: string }).typeCode] ?? []).map((o) => ({
          ...o,
          tagColor: null,
        }));
      throw new ApiError(400, '参数错误', {
        fields: [
          { field: 'docsUntil', message: 'docsUntil：招标文件获取截止不能晚于投标截止时间' },
          { field: 'budget', message: 'budget：预算金额超出限额' },
        ],
      });
    });
    const onClose = vi.fn();
    renderWithApp(<TenderFormModal open onClose={onClose} />);
    await fillRequired();
    save();
    expect(await screen.findByText('budget：预算金额超出限额')).toBeTruthy();
    expect(screen.getByText('docsUntil：招标文件获取截止不能晚于投标截止时间')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the contract input with ISO dates and the default openingAt', async () => {
    const onClose = vi.fn();
    renderWithApp(<TenderFormModal open onClose={onClose} />);
    await fillRequired();
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const call = requestMock.mock.calls.find(([route]) => route === tenderApi.insertTtender);
    expect(call?.[1]).toMatchObject({
      title: '主变压器采购',
      category: 'transformer',
      budget: 1150000,
      bidDeadline: FAR.toISOString(),
      openingAt: FAR.toISOString(),
      procurementMethod: 'open',
      invitedSupplierIds: [],
      documentIds: [],
    });
  });
});

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
