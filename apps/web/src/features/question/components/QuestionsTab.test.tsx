import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { questionApi } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import { resetServerClock } from '@/lib/server-clock';
import { setUserMenu } from '@/stores/session';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { QuestionsTab } from './QuestionsTab';
import { mockRequest } from '@/test/request-stub';

const requestMock = mockRequest();
vi.setConfig({ testTimeout: 30_000 });

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const question = (over: Partial<questionApi.Question>): questionApi.Question => ({
  id: 1,
  tenderId: 7,
  content: '问题',
  askedAt: inDays(-1),
  answer: null,
  answeredAt: null,
  mine: false,
  asker: null,
  ...over,
});
let page: { list: questionApi.Question[]; canAsk: boolean; questionsUntil: string };

const menuOf = (roleName: string, buttons: string[]) =>
  setUserMenu({
    menuList: [],
    realName: roleName,
    userid: 2,
    username: roleName,
    roleId: 2,
    roleName,
    roles: [roleName],
    buttons,
  });

beforeAll(() => stubBrowserLayout());
beforeEach(() => {
  resetServerClock(0, Date.now());
  page = { list: [], canAsk: false, questionsUntil: inDays(3) };
  requestMock.mockReset();
  requestMock.mockImplementation(async (route, input) => {
    if (route === publicRoutes.systemInfo)
      return { title: 't', serverTime: new Date().toISOString() };
    if (route === questionApi.listQuestion)
      return { ...page, total: page.list.length, pageNum: 1, pageSize: 10 };
    if (route === questionApi.insertQuestion)
      return question({ id: 9, content: (input as { content: string }).content, mine: true });
    if (route === questionApi.answerQuestion) return question({ answer: '答复' });
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(() => cleanup());

describe('答疑 (bidder)', () => {
  it('shows published answers, tags 我的提问, never an asker, and asks while open', async () => {
    menuOf('bidder', []);
    page = {
      canAsk: true,
      questionsUntil: inDays(3),
      list: [
        question({ id: 2, content: '我公司的问题', mine: true }),
        question({ id: 1, content: '别人的问题', answer: '公开的答复', answeredAt: inDays(0) }),
      ],
    };
    renderWithApp(<QuestionsTab tenderId={7} />);
    await screen.findByText('我的提问');
    expect(screen.getByText('公开的答复')).toBeTruthy();
    expect(screen.queryByText(/提问人/)).toBeNull();
    expect(screen.getByRole('timer').textContent).toMatch(/距答疑截止 (2|3)天/);
    fireEvent.change(screen.getByPlaceholderText('请就招标文件提出问题'), {
      target: { value: '交货地点在哪里？' },
    });
    fireEvent.click(screen.getByRole('button', { name: /提交问题/ }));
    await waitFor(() =>
      expect(requestMock).toHaveBeenCalledWith(
        questionApi.insertQuestion,
        { tenderId: 7, content: '交货地点在哪里？' },
        { quiet: true },
      ),
    );
  });

  it('says 答疑已截止 and hides the form when the server says it may not ask', async () => {
    menuOf('bidder', []);
    page = { canAsk: false, questionsUntil: inDays(-1), list: [] };
    renderWithApp(<QuestionsTab tenderId={7} />);
    await screen.findByText(/答疑已截止，不能再提问/);
    expect(screen.queryByRole('button', { name: /提交问题/ })).toBeNull();
    expect(screen.getByText('暂无已发布的答疑')).toBeTruthy();
  });
});

describe('答疑 (manager)', () => {
  it('shows the asker, answers, and leads to 澄清/修改 from the answer dialog', async () => {
    menuOf('tender_manager', ['tender:answer-question']);
    page = {
      canAsk: false,
      questionsUntil: inDays(3),
      list: [
        question({
          id: 3,
          content: '短路阻抗能否放宽？',
          asker: { supplierId: 5, supplierName: '华能电气设备有限公司', username: 'bidder1' },
        }),
      ],
    };
    const onAmend = vi.fn();
    renderWithApp(<QuestionsTab tenderId={7} manager onAmend={onAmend} />);
    await screen.findByText('提问人：华能电气设备有限公司（bidder1）');
    fireEvent.click(screen.getByRole('button', { name: /答 ?复/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /去澄清\/修改/ }));
    expect(onAmend).toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /答 ?复/ }));
    const again = await screen.findByRole('dialog');
    fireEvent.change(within(again).getByRole('textbox'), { target: { value: '不可放宽' } });
    fireEvent.click(within(again).getByRole('button', { name: /发布答复/ }));
    await waitFor(() =>
      expect(requestMock).toHaveBeenCalledWith(
        questionApi.answerQuestion,
        { id: 3, answer: '不可放宽' },
        { quiet: true },
      ),
    );
  });

  it('offers no 答复 to a manager without the answer power', async () => {
    menuOf('viewer', []);
    page = { canAsk: false, questionsUntil: inDays(3), list: [question({ id: 4 })] };
    renderWithApp(<QuestionsTab tenderId={7} manager />);
    await screen.findByText('待答复');
    expect(screen.queryByRole('button', { name: /答 ?复/ })).toBeNull();
  });
});
