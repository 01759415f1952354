import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { lotIssues, tenderApi, type Lot } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import { formatMoney } from '@/lib/amount';
import { typeDate } from '@/test/date-input';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { TenderFormModal } from './TenderFormModal';
import { toTenderInput, type TenderWithLots } from './tender-form-values';
import { issueAt, lotRuleIssues, lotsBudget, newLotRow } from './lot-form-values';
import { mockRequest } from '@/test/request-stub';

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
    if (route === tenderApi.updateTtender) return null;
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(cleanup);

const FAR = dayjs().add(60, 'day').hour(10).minute(0).second(0).millisecond(0);

async function fillRequired() {
  fireEvent.change(screen.getByLabelText('招标标题'), { target: { value: '主变压器采购' } });
  fireEvent.mouseDown(screen.getByLabelText('设备类别'));
  fireEvent.click(await screen.findByText('电力变压器'));
  fireEvent.change(screen.getByLabelText('预算金额'), { target: { value: '1150000' } });
  typeDate('投标截止时间', FAR.format('YYYY-MM-DD HH:mm'));
}

const save = () => fireEvent.click(screen.getByText(/保\s*存\s*草\s*稿/).closest('button')!);
const cellInput = (index: number, field: string) => {
  const input = document.getElementById(`tender-form_lots_${index}_${field}`);
  if (!input) throw new Error(`no cell lots.${index}.${field}`);
  return input as HTMLInputElement;
};
/** Types into a cell and leaves it, as a manager moving along the row does. */
const type = (index: number, field: string, value: string) => {
  fireEvent.change(cellInput(index, field), { target: { value } });
  fireEvent.blur(cellInput(index, field));
};
const rowCount = () => document.querySelectorAll('.lots-editor tbody tr.ant-table-row').length;
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

  it('adds, removes and reorders lots, totals their budgets and sends them in order', async () => {
    const onClose = vi.fn();
    renderWithApp(<TenderFormModal open onClose={onClose} />);
    await fillRequired();
    fireEvent.click(screen.getByLabelText('分标段招标'));
    // The tender's own figures become the first lot; a second, empty one follows.
    await waitFor(() => expect(rowCount()).toBe(2));
    expect(screen.queryByLabelText('预算金额')).toBeNull();
    expect(cellInput(0, 'name').value).toBe('主变压器采购');
    type(1, 'name', '35kV 开关柜');
    type(1, 'budget', '350000');
    await waitFor(() =>
      expect(screen.getByTestId('lots-total').textContent).toContain(formatMoney(1_500_000, 'CNY')),
    );

    fireEvent.click(screen.getByText('添加标段'));
    await waitFor(() => expect(rowCount()).toBe(3));
    type(2, 'name', '备品备件');
    type(2, 'budget', '50000');
    await waitFor(() =>
      expect(screen.getByTestId('lots-total').textContent).toContain(formatMoney(1_550_000, 'CNY')),
    );
    fireEvent.click(screen.getByLabelText('删除标段 3'));
    await waitFor(() => expect(rowCount()).toBe(2));
    await waitFor(() =>
      expect(screen.getByTestId('lots-total').textContent).toContain(formatMoney(1_500_000, 'CNY')),
    );

    fireEvent.click(screen.getByLabelText('上移标段 2'));
    await waitFor(() => expect(cellInput(0, 'name').value).toBe('35kV 开关柜'));
    expect(cellInput(1, 'name').value).toBe('主变压器采购');

    // 兼投不兼中 appears with two lots and is held within their number.
    fireEvent.change(screen.getByLabelText('兼投不兼中：每个投标人最多中标标段数'), {
      target: { value: '1' },
    });
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const input = sent(tenderApi.insertTtender);
    expect(input.budget).toBe(1_500_000);
    expect(input.maxLotsPerWinner).toBe(1);
    expect(input.lots).toEqual([
      expect.objectContaining({ name: '35kV 开关柜', budget: 350000, bidBond: 0, minBids: 3 }),
      expect.objectContaining({ name: '主变压器采购', budget: 1150000 }),
    ]);
  });

  it("says the 2 % bond rule beside the bond in the server's words, and sends nothing", async () => {
    renderWithApp(<TenderFormModal open onClose={() => {}} />);
    await fillRequired();
    fireEvent.click(screen.getByLabelText('分标段招标'));
    await waitFor(() => expect(rowCount()).toBe(2));
    type(0, 'budget', '1000000');
    type(0, 'bidBond', '30000');
    const [issue] = lotIssues(
      [{ name: 'x', budget: 1_000_000, priceCeiling: null, minBids: 3, bidBond: 30_000 }],
      { mandatory: false },
    );
    expect(await screen.findByText(issue!.message)).toBeTruthy();
    expect(issue!.message).toMatch(/^标段 1：投标保证金不得超过标段预算的 2%/);
    type(1, 'name', '开关柜');
    type(1, 'budget', '100000');
    save();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent(tenderApi.insertTtender)).toBeUndefined();
    // Within 2 % the message goes.
    type(0, 'bidBond', '20000');
    await waitFor(() => expect(screen.queryByText(issue!.message)).toBeNull());
  });

  it('edits a draft of several lots in the table, keeping each lot id', async () => {
    const lot = (lotId: number, lotNo: number, name: string, budget: number): Lot => ({
      lotId,
      lotNo,
      name,
      budget,
      priceCeiling: null,
      minBids: 3,
      bidBond: 0,
      quantity: null,
      description: '',
      status: 'draft',
    });
    const draft: TenderWithLots = {
      id: 5,
      tenderNo: 'ZB-2026-000005',
      title: '配网设备采购',
      category: 'transformer',
      procurementMethod: 'open',
      budget: 300000,
      currency: 'CNY',
      region: 'east',
      description: '',
      contact: null,
      contactPhone: null,
      mandatory: false,
      docsFrom: null,
      docsUntil: null,
      bidValidityDays: 90,
      bidDeadline: FAR.toISOString(),
      openingAt: FAR.toISOString(),
      priceCeiling: null,
      sealMode: 'server',
      decryptUntil: null,
      status: 'draft',
      publishedAt: null,
      amendmentCount: 0,
      lotCount: 2,
      minBids: 3,
      decryptionMinutes: 30,
      confirmMinutes: 30,
      invitedSupplierIds: [],
      documentIds: [],
      documents: [],
      cancelReason: null,
      retenderOf: null,
      createdAt: FAR.toISOString(),
      updatedAt: FAR.toISOString(),
      questionsUntil: FAR.toISOString(),
      questionsUntilDefault: true,
      bondForms: ['transfer', 'guarantee', 'insurance'],
      lots: [lot(11, 1, '箱式变电站', 200000), lot(12, 2, '环网柜', 100000)],
      maxLotsPerWinner: null,
    };
    const onClose = vi.fn();
    renderWithApp(<TenderFormModal open tender={draft} onClose={onClose} />);
    await waitFor(() => expect(rowCount()).toBe(2));
    expect(cellInput(1, 'name').value).toBe('环网柜');
    // Several saved lots: the table stays (rows may be deleted down to one).
    expect((screen.getByLabelText('分标段招标') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('下移标段 1'));
    await waitFor(() => expect(cellInput(0, 'name').value).toBe('环网柜'));
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const input = sent(tenderApi.updateTtender);
    expect(input).toMatchObject({ id: 5, budget: 300000 });
    expect(input.lots).toEqual([
      expect.objectContaining({ lotId: 12, name: '环网柜' }),
      expect.objectContaining({ lotId: 11, name: '箱式变电站' }),
    ]);
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
