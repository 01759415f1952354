import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { tenderApi } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import { typeDate } from '@/test/date-input';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { TenderFormModal } from './TenderFormModal';
import { COMMITTEE_FORCED_HINT } from './EvaluationEditor';
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
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(cleanup);

const FAR = dayjs().add(60, 'day').hour(10).minute(0).second(0).millisecond(0);

async function fillRequired() {
  fireEvent.change(screen.getByLabelText('招标标题'), { target: { value: '主变压器采购' } });
  fireEvent.mouseDown(screen.getByLabelText('设备类别'));
  fireEvent.click(await screen.findByText('电力变压器'));
  fireEvent.change(screen.getByLabelText('预算金额'), { target: { value: '1000000' } });
  typeDate('投标截止时间', FAR.format('YYYY-MM-DD HH:mm'));
}

const save = () => fireEvent.click(screen.getByText(/保\s*存\s*草\s*稿/).closest('button')!);
// getByRole walks the whole (large) form computing styles: an element by its id is instant.
const committeeSwitch = () => document.getElementById('tender-form_evaluation_committee')!;
const score = (index: number) => screen.getByLabelText(`评分项 ${index} 分值`);

async function chooseComprehensive() {
  fireEvent.click(committeeSwitch());
  fireEvent.click(await screen.findByText('综合评估法'));
  await screen.findByTestId('criteria-total');
}

describe('评标设置 in the tender form', { timeout: 20_000 }, () => {
  it('forces the committee on, locked with the reason, for a 依法必须招标 tender', async () => {
    renderWithApp(<TenderFormModal open onClose={() => {}} />);
    expect(committeeSwitch().getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByLabelText('依法必须招标'));
    await waitFor(() => expect(committeeSwitch().getAttribute('aria-checked')).toBe('true'));
    await waitFor(() => expect(committeeSwitch().hasAttribute('disabled')).toBe(true));
    expect(screen.getByText(COMMITTEE_FORCED_HINT)).toBeTruthy();
  });

  it('keeps a running total, red until the criteria reach 100, in the server’s words', async () => {
    renderWithApp(<TenderFormModal open onClose={() => {}} />);
    await chooseComprehensive();
    const total = screen.getByTestId('criteria-total');
    expect(total.textContent).toBe('分值合计 100 / 100');
    expect(total.className).toBe('criteria-total-ok');
    fireEvent.change(score(1), { target: { value: '30' } });
    await waitFor(() => expect(total.textContent).toBe('分值合计 90 / 100（还差 10 分）'));
    expect(total.className).toBe('criteria-total-short');
    expect(await screen.findByText('评分项分值合计必须等于 100（当前 90）')).toBeTruthy();
    // A price criterion under 10 is refused at its own cell.
    fireEvent.change(score(3), { target: { value: '5' } });
    fireEvent.blur(score(3));
    expect(await screen.findByText(/价格评分项分值不得低于 10 分（当前 5）/)).toBeTruthy();
  });

  it('works the price formula live on sample prices from the budget', async () => {
    renderWithApp(<TenderFormModal open onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('预算金额'), { target: { value: '1000000' } });
    await chooseComprehensive();
    const example = document.querySelector<HTMLElement>('.formula-example')!;
    // Samples 820 000 … 990 000; lowest benchmark: B = 820 000, which scores the full 40.
    await waitFor(() =>
      expect(screen.getByTestId('formula-benchmark').textContent).toMatch(/820,000\.00/),
    );
    expect(within(example).getByTestId('sample-score-1').textContent).toBe('40.00');
    // Typing a lower sample moves B at once: sample 2 scores 40 × 500 000 / 880 000 = 22.73.
    fireEvent.change(screen.getByLabelText('样本 1 报价'), { target: { value: '500000' } });
    await waitFor(() =>
      expect(within(example).getByTestId('sample-score-2').textContent).toBe('22.73'),
    );
    expect(screen.getByTestId('formula-benchmark').textContent).toMatch(/500,000\.00/);
    fireEvent.click(screen.getByLabelText(/平均价基准法/));
    await waitFor(() => expect(screen.getAllByText('不计入平均')).toHaveLength(2));
    expect(screen.getByTestId('formula-benchmark').textContent).toMatch(/去掉最高价和最低价/);
  });

  it('sends the settings with the tender', async () => {
    const onClose = vi.fn();
    renderWithApp(<TenderFormModal open onClose={onClose} />);
    await fillRequired();
    await chooseComprehensive();
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const call = requestMock.mock.calls.find(([route]) => route === tenderApi.insertTtender);
    expect(call?.[1]).toMatchObject({
      evaluation: {
        committee: true,
        method: 'comprehensive',
        criteria: [
          { name: '技术方案', kind: 'technical', maxScore: 40 },
          { name: '商务条款与业绩', kind: 'commercial', maxScore: 20 },
          { name: '投标报价', kind: 'price', maxScore: 40 },
        ],
        priceFormula: 'lowest_benchmark',
        candidates: 3,
      },
    });
  });

  it('refuses to save while the criteria fall short of 100', async () => {
    const onClose = vi.fn();
    renderWithApp(<TenderFormModal open onClose={onClose} />);
    await fillRequired();
    await chooseComprehensive();
    fireEvent.change(score(2), { target: { value: '10' } });
    save();
    expect(await screen.findByText('评分项分值合计必须等于 100（当前 90）')).toBeTruthy();
    expect(requestMock.mock.calls.some(([route]) => route === tenderApi.insertTtender)).toBe(false);
    expect(onClose).not.toHaveBeenCalled();
  });
});
