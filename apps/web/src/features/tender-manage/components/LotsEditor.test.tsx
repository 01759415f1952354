import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { lotIssues, tenderApi } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import { request } from '@/lib/request';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { TenderFormModal } from './TenderFormModal';
import { toTenderInput } from './tender-form-values';
import { issueAt, lotRuleIssues, lotsBudget, newLotRow } from './lot-form-values';

vi.mock('@/lib/request', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  request: vi.fn(),
}));
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
    if (route === tenderApi.updateTtender) return null;
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(cleanup);

const FAR = dayjs().add(60, 'day').hour(10).minute(0).second(0).millisecond(0);

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
  typeDate('投标截止时间', FAR.format('YYYY-MM-DD HH:mm'));
}

const save = () => fireEvent.click(screen.getByRole('button', { name: /保存草稿/ }));
const sent = (route: unknown) =>
  requestMock.mock.calls.find(([called]) => called === route)?.[1] as Record<string, unknown>;

describe('the lots table (分标段招标)', { timeout: 30_000 }, () => {
  it('leaves a one-lot tender as it was: no table, and no lots sent', async () => {
    const onClose = vi.fn();
    renderWithApp(<TenderFormModal open onClose={onClose} />);
    expect(document.querySelector('.lots-editor')).toBeNull();
    await fillRequired();
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const input = sent(tenderApi.insertTtender);
    expect('lots' in input).toBe(false);
    expect(input).toMatchObject({ budget: 1150000, maxLotsPerWinner: null });
  });

  it('totals the budget, sends the rows in their order with their ids, and says the 2 % rule', () => {
    const rows = [
      { ...newLotRow(), lotId: 12, name: '环网柜', budget: 100000.1 },
      { ...newLotRow(), name: '箱式变电站', budget: 200000.2, bidBond: 5000 },
    ];
    expect(lotsBudget(rows)).toBe(300000.3);
    const input = toTenderInput({ splitLots: true, lots: rows, maxLotsPerWinner: 1 });
    expect(input.budget).toBe(300000.3);
    expect(input.maxLotsPerWinner).toBe(1);
    expect(input.lots).toEqual([
      expect.objectContaining({ lotId: 12, name: '环网柜', bidBond: 0, minBids: 3 }),
      expect.objectContaining({ name: '箱式变电站', bidBond: 5000 }),
    ]);
    expect('lotId' in input.lots![1]!).toBe(false);
    // Without the table nothing about lots is sent.
    expect('lots' in toTenderInput({ budget: 5 })).toBe(false);

    const bond = [{ ...rows[0]!, bidBond: 30000 }];
    const [expected] = lotIssues(
      [{ name: '环网柜', budget: 100000.1, priceCeiling: null, minBids: 3, bidBond: 30000 }],
      { mandatory: false },
    );
    expect(issueAt(lotRuleIssues(bond, {}), ['lots', 0, 'bidBond'])).toBe(expected!.message);
    expect(expected!.message).toMatch(/^标段 1：投标保证金不得超过标段预算的 2%/);
    expect(issueAt(lotRuleIssues(rows, { maxLotsPerWinner: 3 }), ['maxLotsPerWinner'])).toBe(
      '每个投标人最多中标标段数必须在 1 到标段数（2）之间',
    );
  });
});
