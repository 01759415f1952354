import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bondApi } from '@tender/contracts';
import { setUserMenu } from '@/stores/session';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { bondRow } from '../test-fixtures';
import BondListScreen from './BondListScreen';
import { mockRequest } from '@/test/request-stub';

const requestMock = mockRequest();

const rows = [
  bondRow(1),
  bondRow(2, {
    form: 'guarantee',
    status: 'due',
    guaranteeNo: 'BH-2026-118',
    issuer: '工商银行城南支行',
    validUntil: '2027-03-31',
    refundEvent: 'contract',
    dueAt: '2026-11-25',
    overdue: true,
    payerAccount: '**** 2233',
    sameAccountAs: ['投标人3'],
  }),
];

function signIn(roleName: string, buttons: string[]) {
  setUserMenu({
    menuList: [],
    realName: roleName,
    userid: 9,
    username: roleName,
    roleId: 9,
    roleName,
    roles: [roleName],
    buttons,
  });
}
const FINANCE = ['bond:verify', 'bond:refund', 'bond:forfeit'];

beforeAll(() => stubBrowserLayout());
beforeEach(() => {
  requestMock.mockReset();
  requestMock.mockImplementation(async (route, input) => {
    if (route === bondApi.listBond)
      return { list: rows, total: 2, overdueCount: 1, ...(input as object) };
    if (route === bondApi.verifyBond) return { ...rows[0]!, status: 'rejected' };
    if (route === bondApi.refundBond) return { ...rows[1]!, status: 'refunded' };
    if (route === bondApi.forfeitBond) return { ...rows[1]!, status: 'forfeited' };
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(cleanup);

const buttonIn = (container: HTMLElement, text: string) =>
  within(container).getByText(text).closest('button')!;
const callsOf = (route: unknown) => requestMock.mock.calls.filter(([r]) => r === route);
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const dialogOf = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>(
    '.ant-modal',
  )!;

describe('保证金管理', { timeout: 20_000 }, () => {
  it('reads its filters from the URL and sends them to list-bond', async () => {
    signIn('finance', FINANCE);
    renderWithApp(<BondListScreen />, '/bond?keyword=城南&status=due&overdue=true&pageNum=2');
    await screen.findByText('投标人1');
    expect(callsOf(bondApi.listBond)[0]?.[1]).toMatchObject({
      keyword: '城南',
      status: 'due',
      overdue: 'true',
      pageNum: 2,
    });
    const filters = screen.getByRole('form', { name: '保证金筛选' });
    expect(within(filters).getByDisplayValue('城南')).toBeTruthy();
    expect(within(filters).getByText('待退还')).toBeTruthy();
    expect(within(filters).getByText('只看逾期未退')).toBeTruthy();
  });

  it('shows amounts with separators, accounts masked, the same-account warning and overdue in red', async () => {
    signIn('finance', FINANCE);
    renderWithApp(<BondListScreen />, '/bond');
    await screen.findByText('投标人1');
    const declared = rowOf('投标人1');
    expect(within(declared).getByText('¥1,234,567.50')).toBeTruthy();
    // list-bond sends finance the account masked; the screen masks again whatever comes.
    expect(within(declared).getByText('**** 2233')).toBeTruthy();
    expect(within(declared).queryByText(/6222020200112233/)).toBeNull();
    const overdue = rowOf('投标人2');
    expect(within(overdue).getByText('同一账户')).toBeTruthy();
    expect(within(overdue).getByText('BH-2026-118')).toBeTruthy();
    const due = within(overdue).getByText('2026-11-25');
    expect(due.closest('[data-overdue]')).toBeTruthy();
    expect(due.closest('.ant-typography-danger')).toBeTruthy();
    expect(within(overdue).getByText('已逾期')).toBeTruthy();
    expect(screen.getByText(/1 笔保证金已超过退还期限/)).toBeTruthy();
  });

  it('gives each finance action to its button power: 核验 on a declaration, 退还 and 没收 on a held bond', async () => {
    signIn('finance', ['bond:verify']);
    renderWithApp(<BondListScreen />, '/bond');
    await screen.findByText('投标人1');
    expect(within(rowOf('投标人1')).getByText('核验')).toBeTruthy();
    expect(within(rowOf('投标人2')).queryByText('退还')).toBeNull();
    expect(within(rowOf('投标人2')).queryByText('没收')).toBeNull();
    cleanup();

    signIn('finance', ['bond:refund', 'bond:forfeit']);
    renderWithApp(<BondListScreen />, '/bond');
    await screen.findByText('投标人1');
    expect(within(rowOf('投标人1')).queryByText('核验')).toBeNull();
    expect(within(rowOf('投标人2')).getByText('退还')).toBeTruthy();
    expect(within(rowOf('投标人2')).getByText('没收')).toBeTruthy();
  });

  it('shows a manager the ledger read-only', async () => {
    signIn('tender_manager', []);
    renderWithApp(<BondListScreen />, '/bond');
    await screen.findByText('投标人1');
    expect(screen.getByText('只读')).toBeTruthy();
    expect(screen.queryByText('操作')).toBeNull();
    expect(screen.queryByText('核验')).toBeNull();
  });

  it('asks for a reason before rejecting, then sends it', async () => {
    signIn('finance', FINANCE);
    renderWithApp(<BondListScreen />, '/bond');
    await screen.findByText('投标人1');
    fireEvent.click(buttonIn(rowOf('投标人1'), '核验'));
    const dialog = await dialogOf('核验保证金');
    fireEvent.click(within(dialog).getByLabelText('驳回'));
    fireEvent.click(await waitFor(() => buttonIn(dialog, '确认驳回')));
    expect(await within(dialog).findByText('驳回保证金必须填写原因')).toBeTruthy();
    expect(callsOf(bondApi.verifyBond)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('驳回原因'), {
      target: { value: '到账金额不足' },
    });
    fireEvent.click(buttonIn(dialog, '确认驳回'));
    await waitFor(() => expect(callsOf(bondApi.verifyBond)).toHaveLength(1));
    expect(callsOf(bondApi.verifyBond)[0]?.[1]).toEqual({
      id: 1,
      action: 'reject',
      reason: '到账金额不足',
    });
  });

  it('records a refund with its date and bank reference', async () => {
    signIn('finance', FINANCE);
    renderWithApp(<BondListScreen />, '/bond');
    await screen.findByText('投标人2');
    fireEvent.click(buttonIn(rowOf('投标人2'), '退还'));
    const dialog = await dialogOf('退还保证金');
    expect(within(dialog).getByText(/应于 2026-11-25 前退还，已逾期/)).toBeTruthy();
    fireEvent.click(buttonIn(dialog, '确认退还'));
    expect(await within(dialog).findByText('请填写银行流水号')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('银行流水号'), {
      target: { value: 'TX20261126001' },
    });
    fireEvent.click(buttonIn(dialog, '确认退还'));
    await waitFor(() => expect(callsOf(bondApi.refundBond)).toHaveLength(1));
    expect(callsOf(bondApi.refundBond)[0]?.[1]).toMatchObject({
      id: 2,
      reference: 'TX20261126001',
      refundedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('forfeits only with a ground and a reason, after a warning', async () => {
    signIn('finance', FINANCE);
    renderWithApp(<BondListScreen />, '/bond');
    await screen.findByText('投标人2');
    fireEvent.click(buttonIn(rowOf('投标人2'), '没收'));
    const dialog = await dialogOf('没收保证金');
    expect(within(dialog).getByText(/不能撤销/)).toBeTruthy();
    fireEvent.click(buttonIn(dialog, '确认没收'));
    expect(await within(dialog).findByText('请选择没收理由')).toBeTruthy();
    expect(within(dialog).getByText('请填写没收说明')).toBeTruthy();
    expect(callsOf(bondApi.forfeitBond)).toHaveLength(0);
  });
});

describe('保证金管理 on a phone (390 px)', { timeout: 20_000 }, () => {
  beforeAll(() => stubBrowserLayout(390));
  afterAll(() => stubBrowserLayout());
  const cards = async () =>
    within(await screen.findByRole('list', { name: '投标保证金' })).getAllByRole('listitem');

  it('shows each bond as a card with the table’s facts, not a table to scroll sideways', async () => {
    signIn('finance', FINANCE);
    renderWithApp(<BondListScreen />, '/bond');
    const [declared, overdue] = await cards();
    expect(document.querySelector('.ant-table')).toBeNull();
    expect(declared!.textContent).toMatch(
      /城南变电站主变压器采购.*投标人1.*转账.*¥1,234,567\.50.*应缴 ¥20,000\.00.*付款单位1.*\*\*\*\* 2233.*凭证1\.pdf.*待核验/,
    );
    expect(declared!.querySelector('.fact-card-danger')).toBeNull();
    expect(overdue!.textContent).toMatch(/投标人2.*同一账户.*银行保函.*BH-2026-118.*已逾期/);
    expect(overdue!.querySelector('.fact-card-danger')).toBeTruthy();
    const due = within(overdue!).getByText('2026-11-25');
    expect(due.closest('.ant-typography-danger')).toBeTruthy();
    expect(screen.queryByText(/6222020200112233/)).toBeNull();
  });

  it('gives each card the actions its button powers allow, and they open the same dialogs', async () => {
    signIn('finance', ['bond:verify']);
    renderWithApp(<BondListScreen />, '/bond');
    let [declared, held] = await cards();
    expect(within(declared!).getByText('核验')).toBeTruthy();
    expect(within(held!).queryByText('退还')).toBeNull();
    expect(within(held!).queryByText('没收')).toBeNull();
    cleanup();

    signIn('finance', ['bond:refund', 'bond:forfeit']);
    renderWithApp(<BondListScreen />, '/bond');
    [declared, held] = await cards();
    expect(within(declared!).queryByText('核验')).toBeNull();
    expect(within(held!).getByText('没收')).toBeTruthy();
    fireEvent.click(buttonIn(held!, '退还'));
    expect(await dialogOf('退还保证金')).toBeTruthy();
    cleanup();

    signIn('tender_manager', []);
    renderWithApp(<BondListScreen />, '/bond');
    const read = await cards();
    expect(screen.getByText('只读')).toBeTruthy();
    for (const card of read)
      for (const action of ['核验', '退还', '没收'])
        expect(within(card).queryByText(action)).toBeNull();
  });
});
