import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { admin, role } from '@tender/contracts';
import { ApiError } from '@/lib/request';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { UserFormModal } from './UserFormModal';
import { mockRequest } from '@/test/request-stub';

const requestMock = mockRequest();

const roles = [
  { roleId: 1, roleName: 'admin', description: '系统管理员', status: 'enabled' },
  { roleId: 3, roleName: 'bidder', description: '投标人', status: 'enabled' },
].map((r) => ({ ...r, builtIn: true, userCount: 1, createdAt: '2026-01-01T00:00:00Z' }));

beforeAll(() => stubBrowserLayout());

beforeEach(() => {
  requestMock.mockReset();
  requestMock.mockImplementation(async (route) => {
    if (route === role.listRole) return { list: roles, total: 2, pageNum: 1, pageSize: 100 };
    if (route === admin.insertAdmin) return { userid: 42 };
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(cleanup);

function renderForm() {
  const onClose = vi.fn();
  renderWithApp(<UserFormModal open onClose={onClose} />);
  return { onClose };
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
const insertCalls = () => requestMock.mock.calls.filter(([route]) => route === admin.insertAdmin);

async function chooseRole(label: string) {
  fireEvent.mouseDown(screen.getByLabelText('角色'));
  fireEvent.click(await screen.findByText(label));
}

describe('the user form', () => {
  it('names every missing required field and sends nothing', async () => {
    renderForm();
    save();
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入初始密码')).toBeTruthy();
    expect(screen.getByText('请输入姓名')).toBeTruthy();
    expect(insertCalls()).toHaveLength(0);
  });

  it("applies the contract's password and phone rules as the user types", async () => {
    renderForm();
    type('初始密码', 'onlyletters');
    type('电话', '12345');
    expect(await screen.findByText('密码必须包含数字')).toBeTruthy();
    expect(await screen.findByText('电话号码格式不正确（手机号或带区号的固定电话）')).toBeTruthy();
  });

  it('sends the trimmed values with defaults and closes', async () => {
    const { onClose } = renderForm();
    type('用户名', '  zhang.san ');
    type('初始密码', 'Tender2026x');
    type('姓名', '张三');
    await chooseRole('admin（系统管理员）');
    save();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(insertCalls()[0]?.[1]).toMatchObject({
      username: 'zhang.san',
      realName: '张三',
      roleId: 1,
      status: 'enabled',
    });
  });

  it("shows the server's field error beside the field", async () => {
    requestMock.mockImplementation(async (route) => {
      if (route === role.listRole) return { list: roles, total: 2, pageNum: 1, pageSize: 100 };
      throw new ApiError(409, '用户名已存在', {
        fields: [{ field: 'username', message: '用户名「zhang.san」已存在' }],
      });
    });
    const { onClose } = renderForm();
    type('用户名', 'zhang.san');
    type('初始密码', 'Tender2026x');
    type('姓名', '张三');
    await chooseRole('admin（系统管理员）');
    save();
    expect(await screen.findByText('用户名「zhang.san」已存在')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks for the company only when the role is bidder', async () => {
    renderForm();
    expect(screen.queryByLabelText('供应商')).toBeNull();
    await chooseRole('bidder（投标人）');
    expect(await screen.findByLabelText('供应商')).toBeTruthy();
  });
});
