import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { contractApi, formatDate, type contractApi as ContractApi } from '@tender/contracts';
import { publicRoutes } from '@tender/contracts/browser';
import type { UploadedFileRef } from '@/components/FileUpload';
import { resetServerClock } from '@/lib/server-clock';
import { setUserMenu } from '@/stores/session';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { contractRowOf } from '../test-fixtures';
import ContractScreen from './ContractScreen';
import { mockRequest } from '@/test/request-stub';

// The picker uploads through XHR; here a button stands for a finished upload.
vi.mock('@/components/FileUpload', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  FileUpload: ({ onChange }: { onChange?: (files: UploadedFileRef[]) => void }) => (
    <button type="button" onClick={() => onChange?.([{ id: 55, name: '合同.pdf', size: 2048 }])}>
      模拟上传
    </button>
  ),
}));
const requestMock = mockRequest();
vi.setConfig({ testTimeout: 30_000 });

let rows: ContractApi.ContractRow[];

function signIn(buttons: string[]) {
  setUserMenu({
    menuList: [],
    realName: '经理',
    userid: 2,
    username: 'manager',
    roleId: 2,
    roleName: 'tender_manager',
    roles: ['tender_manager'],
    buttons,
  });
}

const rowOf = (text: string) => screen.getAllByText(text)[0]!.closest('tr')!;
const listCalls = () =>
  requestMock.mock.calls.filter(([route]) => route === contractApi.listContract);

beforeAll(() => stubBrowserLayout(1440));
beforeEach(() => {
  resetServerClock(0, Date.now());
  rows = [
    contractRowOf(40, { lotId: 1, tenderTitle: '逾期项目', lotName: '逾期项目' }),
    contractRowOf(5, { lotId: 2, tenderTitle: '待签项目', lotName: '待签项目' }),
    contractRowOf(20, {
      lotId: 3,
      tenderTitle: '已签项目',
      lotName: '已签项目',
      contractId: 9,
      signedAt: formatDate(new Date()),
      amount: 3_250_000.5,
      files: [{ id: 8, name: '已签合同.pdf', size: 1024 }],
    }),
  ];
  requestMock.mockReset();
  requestMock.mockImplementation(async (route) => {
    if (route === publicRoutes.systemInfo)
      return { title: 't', serverTime: new Date().toISOString() };
    if (route === contractApi.listContract)
      return { list: rows, total: rows.length, pageNum: 1, pageSize: 10, overdueCount: 1 };
    if (route === contractApi.insertContract) return { ...rows[1]!, contractId: 10 };
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(() => cleanup());

describe('合同管理', () => {
  it('shows each awarded lot’s amount, notice day and due day, the overdue one in red', async () => {
    signIn([]);
    renderWithApp(<ContractScreen />, '/contract');
    await screen.findByText('逾期项目');
    const late = within(rowOf('逾期项目'));
    expect(late.getByText('已逾期 10 天').closest('.ant-typography-danger')).toBeTruthy();
    expect(late.getAllByText('¥3,250,000.50')).toHaveLength(1);
    expect(within(rowOf('待签项目')).getByText('剩 25 天')).toBeTruthy();
    const signed = within(rowOf('已签项目'));
    expect(signed.getByText('已签订')).toBeTruthy();
    expect(signed.getByText(`签订于 ${formatDate(new Date())}`)).toBeTruthy();
    expect(signed.getByRole('button', { name: /已签合同\.pdf/ })).toBeTruthy();
    expect(screen.getByText('1 个标段逾期未签订合同')).toBeTruthy();
    // Without the 录入合同 button power there is nothing to record with.
    expect(screen.queryByRole('button', { name: /录入合同/ })).toBeNull();
  });

  it('filters by the URL: the overdue count shows the overdue lots', async () => {
    signIn([]);
    renderWithApp(<ContractScreen />, '/contract?state=pending');
    await screen.findByText('逾期项目');
    expect(listCalls()[0]![1]).toMatchObject({ state: 'pending' });
    fireEvent.click(screen.getByRole('button', { name: '1 个标段逾期未签订合同' }));
    await waitFor(() =>
      expect(listCalls().at(-1)![1]).toMatchObject({ state: 'pending', overdue: 'true' }),
    );
  });

  it('records a contract: the awarded amount prefilled, files required, asked before saving', async () => {
    signIn(['contract:add']);
    renderWithApp(<ContractScreen />, '/contract');
    await screen.findByText('待签项目');
    // Only lots without a contract offer it.
    expect(screen.getAllByRole('button', { name: /录入合同/ })).toHaveLength(2);
    fireEvent.click(within(rowOf('待签项目')).getByRole('button', { name: /录入合同/ }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('合同金额') as HTMLInputElement).value).toBe(
      '3,250,000.50',
    );
    expect(within(dialog).getByText(/招标投标法第四十六条/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /录\s*入/ }));
    expect(await within(dialog).findByText('请上传已签订的合同文件')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: '模拟上传' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /录\s*入/ }));
    expect(await screen.findAllByText('确认录入合同？')).not.toHaveLength(0);
    fireEvent.click(await screen.findByRole('button', { name: '确认录入' }));
    await waitFor(() =>
      expect(requestMock.mock.calls.some(([route]) => route === contractApi.insertContract)).toBe(
        true,
      ),
    );
    const sent = requestMock.mock.calls.find(([route]) => route === contractApi.insertContract)![1];
    expect(sent).toEqual({
      tenderId: 7,
      lotId: 2,
      signedAt: formatDate(new Date()),
      amount: 3_250_000.5,
      fileIds: [55],
    });
  });

  it('refuses an amount other than the awarded one before sending', async () => {
    signIn(['contract:add']);
    renderWithApp(<ContractScreen />, '/contract');
    await screen.findByText('待签项目');
    fireEvent.click(within(rowOf('待签项目')).getByRole('button', { name: /录入合同/ }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText('合同金额');
    fireEvent.change(amount, { target: { value: '3000000' } });
    fireEvent.blur(amount);
    fireEvent.click(within(dialog).getByRole('button', { name: '模拟上传' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /录\s*入/ }));
    expect(await within(dialog).findByText('合同金额须等于中标金额 ¥3,250,000.50')).toBeTruthy();
    expect(screen.queryByText('确认录入合同？')).toBeNull();
    expect(requestMock.mock.calls.some(([route]) => route === contractApi.insertContract)).toBe(
      false,
    );
  });

  it('shows each lot as a card on a phone, the overdue one edged in red', async () => {
    stubBrowserLayout(390);
    try {
      signIn(['contract:add']);
      renderWithApp(<ContractScreen />, '/contract');
      const list = await screen.findByRole('list', { name: '已定标标段' });
      expect(document.querySelector('.ant-table')).toBeNull();
      const [late, pending, signed] = within(list).getAllByRole('listitem');
      expect(late!.textContent).toMatch(/逾期项目.*中标金额.*¥3,250,000\.50.*已逾期 10 天/);
      expect(late!.querySelector('.fact-card-danger')).toBeTruthy();
      expect(pending!.querySelector('.fact-card-danger')).toBeNull();
      expect(within(pending!).getByRole('button', { name: /录入合同/ })).toBeTruthy();
      expect(within(signed!).queryByRole('button', { name: /录入合同/ })).toBeNull();
      expect(screen.getByText('1 个标段逾期未签订合同')).toBeTruthy();
    } finally {
      stubBrowserLayout(1440);
    }
  });
});
