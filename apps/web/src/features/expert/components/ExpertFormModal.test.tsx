import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { expertApi } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { ExpertFormModal } from './ExpertFormModal';
import { mockRequest } from '@/test/request-stub';

const requestMock = mockRequest();

const CATEGORIES = [
  { label: '电力变压器', value: 'transformer', tagColor: null },
  { label: '开关设备', value: 'switchgear', tagColor: null },
];

beforeAll(() => stubBrowserLayout());
beforeEach(() => {
  requestMock.mockReset();
  requestMock.mockImplementation(async (route) => {
    if (route === publicRoutes.listDictItemsPublic) return CATEGORIES;
    if (route === expertApi.insertExpert) return { id: 9, userid: 40 };
    if (route === expertApi.updateExpert) return {};
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(cleanup);

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByText(/保\s*存/).closest('button')!);
const calls = (route: unknown) => requestMock.mock.calls.filter(([r]) => r === route);

const EXPERT: expertApi.Expert = {
  id: 3,
  userid: 30,
  username: 'expert3',
  name: '王工',
  phone: '13800000003',
  employer: '华东电力设计院',
  employerCreditCode: null,
  title: '高级工程师',
  years: 15,
  specialties: ['transformer'],
  status: 'active',
  suspendReason: null,
  suspendUntil: null,
  committeeCount: 2,
  createdAt: '2026-01-01T00:00:00Z',
};

describe('the expert form', { timeout: 20_000 }, () => {
  it('names the missing fields, at least one specialty among them, and sends nothing', async () => {
    renderWithApp(<ExpertFormModal open onClose={() => {}} />);
    save();
    // The first render of the file is the slowest on a busy machine.
    expect(await screen.findByText('请输入姓名', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('请输入工作单位')).toBeTruthy();
    expect(screen.getByText('请输入评标专业')).toBeTruthy();
    expect(calls(expertApi.insertExpert)).toHaveLength(0);
  });

  it('checks the credit code as typed in the server’s words', async () => {
    renderWithApp(<ExpertFormModal open onClose={() => {}} />);
    type('单位信用代码', '12345');
    expect(
      await screen.findByText(/统一社会信用代码/, { selector: '.ant-form-item-explain-error' }),
    ).toBeTruthy();
  });

  it('adds an expert with its login and specialties', async () => {
    const onClose = vi.fn();
    renderWithApp(<ExpertFormModal open onClose={onClose} />);
    type('姓名', '李工');
    type('登录账号', 'expert8');
    type('初始密码', 'Expert@12345');
    type('电话', '13800000008');
    type('工作单位', '西北电力试验研究院');
    type('职称', '教授级高级工程师');
    type('从业年限', '20');
    fireEvent.mouseDown(screen.getByLabelText('评标专业'));
    fireEvent.click(await screen.findByText('开关设备'));
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls(expertApi.insertExpert)[0]?.[1]).toMatchObject({
      name: '李工',
      username: 'expert8',
      employer: '西北电力试验研究院',
      years: 20,
      specialties: ['switchgear'],
    });
  });

  it('edits the profile without its login', async () => {
    const onClose = vi.fn();
    renderWithApp(<ExpertFormModal open expert={EXPERT} onClose={onClose} />);
    expect((screen.getByLabelText('登录账号') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByLabelText('初始密码')).toBeNull();
    await waitFor(() =>
      expect((screen.getByLabelText('工作单位') as HTMLInputElement).value).toBe('华东电力设计院'),
    );
    type('职称', '正高级工程师');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const input = calls(expertApi.updateExpert)[0]?.[1] as Record<string, unknown>;
    expect(input).toMatchObject({ id: 3, title: '正高级工程师' });
    expect(input).not.toHaveProperty('username');
  });
});
