import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatDateTime, tenderApi, type Tender } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import dayjs from 'dayjs';
import { typeDate } from '@/test/date-input';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { AmendTenderModal, amendedFields } from './AmendTenderModal';
import { toFormValues } from './tender-form-values';
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

const tender: Tender = {
  id: 5,
  tenderNo: 'ZB-2026-000005',
  title: '主变压器采购',
  category: 'transformer',
  procurementMethod: 'open',
  budget: 1_000_000,
  currency: 'CNY',
  region: 'east',
  description: '<p>技术要求</p>',
  contact: '王工',
  contactPhone: '13800000000',
  mandatory: true,
  docsFrom: null,
  docsUntil: null,
  bidValidityDays: 90,
  bidDeadline: '2026-12-10T02:00:00.000Z',
  openingAt: '2026-12-10T02:00:00.000Z',
  priceCeiling: null,
  sealMode: 'server',
  decryptUntil: null,
  confirmMinutes: 30,
  status: 'published',
  publishedAt: '2026-11-01T02:00:00.000Z',
  amendmentCount: 0,
  lotCount: 1,
  minBids: 3,
  decryptionMinutes: 30,
  invitedSupplierIds: [],
  documentIds: [],
  documents: [],
  cancelReason: null,
  retenderOf: null,
  createdAt: '2026-10-30T02:00:00.000Z',
  updatedAt: '2026-11-01T02:00:00.000Z',
  questionsUntil: '2026-11-30T02:00:00.000Z',
  questionsUntilDefault: true,
  bondForms: ['transfer', 'guarantee', 'insurance'],
};

const EXTENDED = '2026-12-20T02:00:00.000Z';

beforeAll(() => stubBrowserLayout());
beforeEach(() => {
  requestMock.mockReset();
  requestMock.mockImplementation(async (route, input) => {
    if (route === publicRoutes.listDictItemsPublic) return [];
    if (route === tenderApi.amendTtender) {
      const body = input as { preview?: boolean; budget?: number };
      return {
        amendmentNo: 1,
        bidDeadline: EXTENDED,
        openingAt: EXTENDED,
        deadlineExtended: true,
        changes: [{ field: 'budget', before: 1_000_000, after: body.budget }],
      };
    }
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(cleanup);

const amendCalls = () =>
  requestMock.mock.calls.filter(([route]) => route === tenderApi.amendTtender);

describe('the amend dialog', { timeout: 20_000 }, () => {
  it('previews the extended deadline before saving, then sends the same change for real', async () => {
    const onClose = vi.fn();
    renderWithApp(<AmendTenderModal tender={tender} onClose={onClose} />);
    fireEvent.change(screen.getByLabelText('澄清/修改原因'), { target: { value: '调整预算' } });
    fireEvent.change(screen.getByLabelText('预算金额'), { target: { value: '1200000' } });
    fireEvent.click(screen.getByRole('button', { name: /预览修改结果/ }));

    const preview = await screen.findByTestId('amend-preview');
    expect(within(preview).getByText(/投标截止时间将自动顺延/)).toBeTruthy();
    expect(within(preview).getAllByText(formatDateTime(EXTENDED)).length).toBeGreaterThan(0);
    expect(amendCalls()).toHaveLength(1);
    expect(amendCalls()[0]?.[1]).toEqual({
      id: 5,
      reason: '调整预算',
      budget: 1_200_000,
      preview: true,
    });
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: /确认修改/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(amendCalls()[1]?.[1]).toEqual({
      id: 5,
      reason: '调整预算',
      budget: 1_200_000,
      preview: false,
    });
  });

  it('says so when nothing was changed and sends nothing', async () => {
    renderWithApp(<AmendTenderModal tender={tender} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('澄清/修改原因'), { target: { value: '无' } });
    fireEvent.click(screen.getByRole('button', { name: /预览修改结果/ }));
    expect(await screen.findByText('没有修改任何内容')).toBeTruthy();
    expect(amendCalls()).toHaveLength(0);
  });
});

describe('an amendment of 答疑截止时间 and 保证金形式', { timeout: 20_000 }, () => {
  const FMT = 'YYYY-MM-DD HH:mm';
  const set = {
    ...tender,
    questionsUntil: '2026-11-30T02:00:00.000Z',
    questionsUntilDefault: false,
    bondForms: ['transfer', 'guarantee'] as Tender['bondForms'],
  };

  it('shows the tender’s own values', () => {
    renderWithApp(<AmendTenderModal tender={set} onClose={() => {}} />);
    expect((screen.getByLabelText('答疑截止时间') as HTMLInputElement).value).toBe(
      dayjs(set.questionsUntil).format(FMT),
    );
    expect((screen.getByLabelText('转账') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('银行保函') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('保证保险') as HTMLInputElement).checked).toBe(false);
  });

  it('leaves a default 答疑截止 empty, naming the default it follows', () => {
    renderWithApp(<AmendTenderModal tender={tender} onClose={() => {}} />);
    expect((screen.getByLabelText('答疑截止时间') as HTMLInputElement).value).toBe('');
    expect(screen.getByText(/不填则为投标截止前 10 日/)).toBeTruthy();
  });

  it('sends the changed 答疑截止 and 保证金形式, and nothing else', async () => {
    renderWithApp(<AmendTenderModal tender={set} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('澄清/修改原因'), { target: { value: '延长答疑' } });
    const until = dayjs('2026-12-05T02:00:00.000Z');
    typeDate('答疑截止时间', until.format(FMT));
    fireEvent.click(screen.getByLabelText('保证保险'));
    fireEvent.click(screen.getByRole('button', { name: /预览修改结果/ }));
    await screen.findByTestId('amend-preview');
    expect(amendCalls()[0]?.[1]).toEqual({
      id: 5,
      reason: '延长答疑',
      questionsUntil: until.toISOString(),
      bondForms: ['transfer', 'guarantee', 'insurance'],
      preview: true,
    });
  });

  it('refuses a 答疑截止 after the bid deadline before asking the server', async () => {
    renderWithApp(<AmendTenderModal tender={set} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('澄清/修改原因'), { target: { value: '延长答疑' } });
    typeDate('答疑截止时间', dayjs(set.bidDeadline).add(1, 'day').format(FMT));
    fireEvent.click(screen.getByRole('button', { name: /预览修改结果/ }));
    expect(
      await screen.findByText('答疑截止时间不能晚于投标截止时间', undefined, { timeout: 5000 }),
    ).toBeTruthy();
    expect(amendCalls()).toHaveLength(0);
  });
});

describe('an amendment of 评标设置', () => {
  const saved = {
    ...tender,
    evaluation: {
      committee: true,
      method: 'comprehensive' as const,
      criteria: [
        { criterionId: 1, name: '技术', kind: 'technical' as const, maxScore: 60 },
        { criterionId: 2, name: '价格', kind: 'price' as const, maxScore: 40 },
      ],
      priceFormula: 'lowest_benchmark' as const,
      benchmarkFactor: 0.95,
      deductAbove: 1.2,
      deductBelow: 0.8,
      candidates: 3,
    },
  };

  it('sends the settings only when they changed, keeping the criteria ids', () => {
    const values = toFormValues(saved);
    expect(amendedFields(saved, values)).not.toHaveProperty('evaluation');
    const changed = amendedFields(saved, {
      ...values,
      evaluation: {
        ...values.evaluation,
        criteria: [
          { criterionId: 1, name: '技术', kind: 'technical', maxScore: 70 },
          { criterionId: 2, name: '价格', kind: 'price', maxScore: 30 },
        ],
      },
    });
    expect(changed.evaluation).toMatchObject({
      committee: true,
      criteria: [
        { criterionId: 1, maxScore: 70 },
        { criterionId: 2, maxScore: 30 },
      ],
    });
  });
});
