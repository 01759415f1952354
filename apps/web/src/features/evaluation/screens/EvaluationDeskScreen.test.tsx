import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { deskApi, reportApi } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import { ApiError } from '@/lib/request';
import { resetServerClock } from '@/lib/server-clock';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import type { EvaluationReport, MyTask, Sheet } from '../api/types';
import { memberOf, reportOf, sheetOf, taskOf } from '../test-fixtures';
import EvaluationDeskScreen from './EvaluationDeskScreen';
import { mockRequest } from '@/test/request-stub';

const requestMock = mockRequest();
vi.setConfig({ testTimeout: 30_000 });

let task: MyTask;
let sheet: Sheet;
let saveRefusal: ApiError | null;
let finishRefusal: ApiError | null;
let report: EvaluationReport;

beforeAll(() => stubBrowserLayout(1440));
beforeEach(() => {
  resetServerClock(0, Date.now());
  task = taskOf();
  sheet = sheetOf();
  saveRefusal = null;
  finishRefusal = null;
  report = reportOf();
  requestMock.mockReset();
  requestMock.mockImplementation(async (route, input) => {
    if (route === publicRoutes.systemInfo)
      return { title: 't', serverTime: new Date().toISOString() };
    if (route === deskApi.listMyTask) return { list: [task], total: 1, pageNum: 1, pageSize: 100 };
    if (route === deskApi.getSheet) return sheet;
    if (route === deskApi.listClarification) return [];
    if (route === deskApi.askClarification || route === deskApi.reopenSheet) return {};
    if (route === deskApi.signPledge) {
      const body = input as { conflict?: string };
      if (body.conflict) {
        task = { ...task, member: memberOf({ status: 'recused', reason: body.conflict }) };
        return { pledgedAt: null, successor: memberOf({ memberId: 9, name: '赵备选' }) };
      }
      task = { ...task, member: memberOf() };
      return { pledgedAt: '2026-11-27T01:00:00Z', successor: null };
    }
    if (route === deskApi.saveSheet) {
      if (saveRefusal) throw saveRefusal;
      return { ...sheet, savedAt: '2026-11-27T02:00:00Z' };
    }
    if (route === reportApi.getReport) return report;
    if (route === reportApi.signReport) return report;
    if (route === reportApi.finishEvaluation) {
      const body = input as { insufficient?: string };
      if (finishRefusal && !body.insufficient) throw finishRefusal;
      return report;
    }
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(() => cleanup());

const callsTo = (route: unknown) => requestMock.mock.calls.filter(([r]) => r === route);
const openDesk = () =>
  renderWithApp(<EvaluationDeskScreen />, '/evaluationDesk?tenderId=7&lotId=70');

describe('the pledge', () => {
  beforeEach(() => {
    task = taskOf({ member: memberOf({ pledgedAt: null }) });
  });

  it('names every signed-up supplier and shows no bid before it is signed', async () => {
    openDesk();
    const list = await screen.findByRole('list', { name: '已报名的投标人' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(task.suppliers);
    expect(screen.queryByText('1,150,000.00', { exact: false })).toBeNull();
    expect(callsTo(deskApi.getSheet)).toHaveLength(0);
    // The desk asks for this tender's seat alone, not a page of every task to search.
    expect(callsTo(deskApi.listMyTask)[0]![1]).toMatchObject({ tenderId: 7 });
  });

  it('signs 无利害关系 and then shows the sheet', async () => {
    openDesk();
    fireEvent.click(await screen.findByLabelText('本人与上述投标人均无利害关系'));
    fireEvent.click(screen.getByRole('button', { name: '签署承诺书' }));
    await waitFor(() => expect(callsTo(deskApi.signPledge)).toHaveLength(1));
    expect(callsTo(deskApi.signPledge)[0]![1]).toEqual({ tenderId: 7, noConflict: true });
    expect(await screen.findByText('¥1,150,000.00')).toBeTruthy();
  });

  it('recuses with a reason and says the seat passed to the standby, showing nothing more', async () => {
    openDesk();
    fireEvent.click(await screen.findByLabelText('本人与上述投标人存在利害关系，申请回避'));
    fireEvent.click(screen.getByRole('button', { name: '申请回避' }));
    expect(await screen.findByText('请说明回避理由')).toBeTruthy();
    expect(callsTo(deskApi.signPledge)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('回避理由'), { target: { value: '曾在甲公司任职' } });
    fireEvent.click(screen.getByRole('button', { name: '申请回避' }));
    expect(await screen.findByText(/席位已由备选专家 赵备选 递补/)).toBeTruthy();
    expect(callsTo(deskApi.signPledge)[0]![1]).toEqual({ tenderId: 7, conflict: '曾在甲公司任职' });
    expect(callsTo(deskApi.getSheet)).toHaveLength(0);
  });
});

describe('the sheet', () => {
  it('shows each bid’s price in figures and 大写, and the price criterion as computed', async () => {
    openDesk();
    expect(await screen.findByText('¥1,150,000.00')).toBeTruthy();
    expect(screen.getByText('大写：壹佰壹拾伍万元整')).toBeTruthy();
    expect(screen.getAllByText('按公式计算')).toHaveLength(2);
    expect(screen.getAllByText('投标报价（满分 30）').length).toBeGreaterThan(0);
  });

  it('lists what is missing on 提交 and sends nothing', async () => {
    openDesk();
    fireEvent.click(await screen.findByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('评分表尚不能提交')).toBeTruthy();
    expect(screen.getAllByText('「甲建设有限公司」未评审（通过或否决）').length).toBeGreaterThan(0);
    expect(callsTo(deskApi.submitSheet)).toHaveLength(0);
    expect(callsTo(deskApi.saveSheet)).toHaveLength(0);
  });

  it('asks a score only of a passed bid, and shows the server’s refusal at its cell', async () => {
    openDesk();
    await screen.findByText('¥1,150,000.00');
    expect(screen.queryByLabelText('甲建设有限公司 技术方案')).toBeNull();
    fireEvent.click(within(screen.getByLabelText('甲建设有限公司 评审结论')).getByText('通过'));
    const score = await screen.findByLabelText('甲建设有限公司 技术方案');
    fireEvent.change(score, { target: { value: '35.5' } });
    saveRefusal = new ApiError(400, '评分不能超过该项满分 40', {
      fields: [{ field: 'scores.0.score', message: '评分不能超过该项满分 40' }],
    });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    const cell = (await screen.findAllByText('评分不能超过该项满分 40')).find((node) =>
      node.classList.contains('evaluation-cell-error'),
    );
    expect(cell).toBeTruthy();
    expect(score.closest('td')!.contains(cell!)).toBe(true);
    expect(callsTo(deskApi.saveSheet)[0]![1]).toMatchObject({
      review: [{ bidId: 11, pass: true, ground: null, note: '' }],
      scores: [{ bidId: 11, criterionId: 1, score: 35.5 }],
    });
  });
});

describe('after submitting', () => {
  it('shows the chair the others’ sheets with the outlier marked and 退回 per member', async () => {
    sheet = sheetOf({
      chair: true,
      submittedAt: '2026-11-27T03:00:00Z',
      review: [
        { bidId: 11, pass: true, ground: null, note: '' },
        { bidId: 12, pass: true, ground: null, note: '' },
      ],
      others: [
        {
          memberId: 2,
          name: '李评审',
          chair: false,
          review: [
            { bidId: 11, pass: true, ground: null, note: '' },
            { bidId: 12, pass: false, ground: 'no_seal', note: '' },
          ],
          scores: [
            { bidId: 11, criterionId: 1, score: 38 },
            { bidId: 11, criterionId: 2, score: 20 },
          ],
          submittedAt: '2026-11-27T03:10:00Z',
          reopenReason: null,
        },
      ],
      outliers: [{ memberId: 2, bidId: 11, criterionId: 1, score: 38, othersMean: 20 }],
    });
    renderWithApp(<EvaluationDeskScreen />, '/evaluationDesk?tenderId=7&lotId=70&tab=others');
    const marked = await screen.findByText('38', { selector: '.evaluation-outlier' });
    expect(marked.getAttribute('data-outlier')).toBe('true');
    expect(screen.getByText('20', { selector: 'td' })).toBeTruthy();
    fireEvent.mouseEnter(marked);
    expect(await screen.findByText(/其他委员平均 20 分/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /退\s*回/ })).toBeTruthy();
    expect(screen.getByText('投标文件未经投标单位盖章和单位负责人签字')).toBeTruthy();
  });
});

describe('the chair’s finish and the report', () => {
  const everyoneSubmitted = () =>
    sheetOf({
      chair: true,
      submittedAt: '2026-11-27T03:00:00Z',
      progress: sheetOf().progress.map((member) => ({ ...member, submitted: true })),
      others: [],
      outliers: [],
    });

  it('asks the committee’s decision when the server says the valid bids are too few', async () => {
    sheet = everyoneSubmitted();
    finishRefusal = new ApiError(400, '有效投标仅 1 个，少于该标段最少有效投标数 3', {
      fields: [{ field: 'insufficient', message: '有效投标仅 1 个，少于该标段最少有效投标数 3' }],
    });
    openDesk();
    fireEvent.click(await screen.findByRole('button', { name: '完成评标' }));
    const dialogs = await screen.findAllByRole('dialog');
    fireEvent.click(within(dialogs.at(-1)!).getByRole('button', { name: '完成评标' }));
    expect(await screen.findByText('否决全部投标，该标段流标')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('否决全部投标，该标段流标'));
    fireEvent.change(screen.getByLabelText('决定理由'), {
      target: { value: '仅一家有效，缺乏竞争' },
    });
    fireEvent.click(screen.getByRole('button', { name: '确认决定' }));
    await waitFor(() => expect(callsTo(reportApi.finishEvaluation)).toHaveLength(2));
    expect(callsTo(reportApi.finishEvaluation)[1]![1]).toEqual({
      tenderId: 7,
      lotId: 70,
      insufficient: 'fail',
      reason: '仅一家有效，缺乏竞争',
    });
  });

  it('signs the report: 不同意 needs a written reason', async () => {
    sheet = { ...everyoneSubmitted(), report: { version: 1, status: 'signing' } };
    renderWithApp(<EvaluationDeskScreen />, '/evaluationDesk?tenderId=7&lotId=70&tab=report');
    expect(await screen.findByText(report.digest)).toBeTruthy();
    fireEvent.click(screen.getByLabelText('不同意'));
    fireEvent.click(screen.getByRole('button', { name: /签\s*字/ }));
    expect(await screen.findByText('不同意时请书面说明理由')).toBeTruthy();
    expect(callsTo(reportApi.signReport)).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('不同意理由'), { target: { value: '技术分畸高' } });
    fireEvent.click(screen.getByRole('button', { name: /签\s*字/ }));
    await waitFor(() => expect(callsTo(reportApi.signReport)).toHaveLength(1));
    expect(callsTo(reportApi.signReport)[0]![1]).toEqual({
      tenderId: 7,
      lotId: 70,
      agree: false,
      dissent: '技术分畸高',
    });
  });
});

describe('发起澄清 and 退回', () => {
  it('asks a bid’s supplier with an answer time an hour ahead on the server’s clock', async () => {
    // The server's clock runs two hours ahead of the browser's.
    resetServerClock(2 * 3600_000, Date.now());
    openDesk();
    await screen.findByText('¥1,150,000.00');
    fireEvent.click(screen.getAllByRole('button', { name: '发起澄清' })[1]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('澄清问题'), {
      target: { value: '请说明质保期内的服务响应时间。' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /发\s*送/ }));
    await waitFor(() => expect(callsTo(deskApi.askClarification)).toHaveLength(1));
    const sent = callsTo(deskApi.askClarification)[0]![1] as { bidId: number; answerBy: string };
    expect(sent).toMatchObject({
      tenderId: 7,
      lotId: 70,
      bidId: 12,
      question: '请说明质保期内的服务响应时间。',
    });
    const ahead = Date.parse(sent.answerBy) - (Date.now() + 2 * 3600_000);
    expect(ahead).toBeGreaterThan(55 * 60_000);
    expect(ahead).toBeLessThanOrEqual(60 * 60_000);
  });

  it('lets the chair re-open a member’s sheet with a reason', async () => {
    sheet = sheetOf({
      chair: true,
      submittedAt: '2026-11-27T03:00:00Z',
      others: [
        {
          memberId: 2,
          name: '李评审',
          chair: false,
          review: [],
          scores: [],
          submittedAt: '2026-11-27T03:10:00Z',
          reopenReason: null,
        },
      ],
      outliers: [],
    });
    renderWithApp(<EvaluationDeskScreen />, '/evaluationDesk?tenderId=7&lotId=70&tab=others');
    fireEvent.click(await screen.findByRole('button', { name: /退\s*回/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('退回理由'), {
      target: { value: '技术分畸高，请复核' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /退\s*回/ }));
    await waitFor(() => expect(callsTo(deskApi.reopenSheet)).toHaveLength(1));
    expect(callsTo(deskApi.reopenSheet)[0]![1]).toEqual({
      tenderId: 7,
      lotId: 70,
      memberId: 2,
      reason: '技术分畸高，请复核',
    });
  });
});
