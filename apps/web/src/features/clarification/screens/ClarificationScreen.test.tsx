import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { deskApi } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import { resetServerClock } from '@/lib/server-clock';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { clarificationOf } from '../test-fixtures';
import ClarificationScreen from './ClarificationScreen';
import { mockRequest } from '@/test/request-stub';

const requestMock = mockRequest();
vi.setConfig({ testTimeout: 30_000 });

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
let list: deskApi.Clarification[];

beforeAll(() => stubBrowserLayout(1440));
beforeEach(() => {
  resetServerClock(0, Date.now());
  list = [];
  requestMock.mockReset();
  requestMock.mockImplementation(async (route, input) => {
    if (route === publicRoutes.systemInfo)
      return { title: 't', serverTime: new Date().toISOString() };
    if (route === deskApi.listMyClarification)
      return { list, total: list.length, pageNum: 1, pageSize: 10 };
    if (route === deskApi.answerClarification) {
      const body = input as { id: number; answer: string };
      return clarificationOf({ id: body.id, answer: body.answer, status: 'answered' });
    }
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(() => cleanup());

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

describe('评标澄清', () => {
  it('counts down in red under 30 minutes, says 已超时 after, and never names the asker', async () => {
    list = [
      clarificationOf({ id: 1, question: '问题一', answerBy: minutesFromNow(20) }),
      clarificationOf({ id: 2, question: '问题二', answerBy: minutesFromNow(-1) }),
      // An asker's name a server sent by mistake is still not shown.
      clarificationOf({
        id: 3,
        question: '问题三',
        answerBy: minutesFromNow(120),
        askedBy: '张评审',
      }),
    ];
    renderWithApp(<ClarificationScreen />, '/clarification');
    await screen.findByText('问题一');
    const urgent = within(rowOf('问题一')).getByRole('timer');
    expect(urgent.textContent).toMatch(/剩余 00时(19|20)分/);
    expect(urgent.className).toContain('danger');
    expect(within(rowOf('问题二')).getByText('已超时')).toBeTruthy();
    expect(within(rowOf('问题二')).queryByRole('button', { name: /答\s*复/ })).toBeNull();
    expect(within(rowOf('问题三')).getByRole('timer').className).not.toContain('danger');
    expect(screen.getAllByText(/评标委员会于/)).toHaveLength(3);
    expect(screen.queryByText(/张评审/)).toBeNull();
  });

  it('answers through the dialog: the text and the uploaded files’ ids (none here) are sent', async () => {
    list = [clarificationOf({ id: 4, question: '请说明工期', answerBy: minutesFromNow(90) })];
    renderWithApp(<ClarificationScreen />, '/clarification');
    await screen.findByText('请说明工期');
    fireEvent.click(within(rowOf('请说明工期')).getByRole('button', { name: /答\s*复/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('答复'), {
      target: { value: '工期 90 日历天，见第 3 章。' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交答复' }));
    await waitFor(() =>
      expect(requestMock.mock.calls.some(([r]) => r === deskApi.answerClarification)).toBe(true),
    );
    const sent = requestMock.mock.calls.find(([r]) => r === deskApi.answerClarification)![1];
    expect(sent).toEqual({ id: 4, answer: '工期 90 日历天，见第 3 章。', fileIds: [] });
  });

  it('shows each request as a card on a phone, with its 答复 button', async () => {
    stubBrowserLayout(390);
    try {
      list = [clarificationOf({ id: 5, question: '请说明质保期', answerBy: minutesFromNow(90) })];
      renderWithApp(<ClarificationScreen />, '/clarification');
      const cards = await screen.findByRole('list', { name: '评标澄清' });
      expect(document.querySelector('.ant-table')).toBeNull();
      const [card] = within(cards).getAllByRole('listitem');
      expect(card!.textContent).toMatch(/请说明质保期.*答复期限/);
      expect(within(card!).getByRole('button', { name: /答\s*复/ })).toBeTruthy();
    } finally {
      stubBrowserLayout(1440);
    }
  });
});
