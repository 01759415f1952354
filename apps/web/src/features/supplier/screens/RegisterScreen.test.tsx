import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { publicRoutes, supplierRoutes } from '@tender/contracts/browser';
import { ApiError } from '@/lib/request';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import RegisterScreen from './RegisterScreen';
import { mockRequest } from '@/test/request-stub';

const requestMock = mockRequest();

const categories = [
  { label: '电力变压器', value: 'transformer', tagColor: null },
  { label: '开关柜', value: 'switchgear', tagColor: null },
];

beforeAll(() => stubBrowserLayout());
beforeEach(() => {
  requestMock.mockReset();
  requestMock.mockImplementation(async (route) => {
    if (route === publicRoutes.listDictItemsPublic) return categories;
    if (route === supplierRoutes.register) return { supplierId: 9, userid: 30, status: 'pending' };
    throw new Error(`unexpected call ${route.path}`);
  });
});
afterEach(cleanup);

/** The screen, once the last of its turns has mounted the submit button (5 tasks: allow for load). */
async function renderRegister() {
  renderWithApp(<RegisterScreen />, '/register');
  await screen.findByRole('button', { name: /提交注册/ }, { timeout: 5000 });
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: /提交注册/ }));
const registerCalls = () =>
  requestMock.mock.calls.filter(([route]) => route === supplierRoutes.register);

function fillValidForm() {
  type('公司名称', '华东电气设备有限公司');
  type('统一社会信用代码', '91110000100010433l');
  type('法定代表人', '王强');
  type('联系人', '李敏');
  type('联系电话', '13812345678');
  type('电子邮箱', 'bid@hd-electric.cn');
  type('用户名', 'hd_electric');
  type('密码', 'Passw0rd2026');
  type('确认密码', 'Passw0rd2026');
}

// Each test waits for the form's turns and a lazily loaded check: on a busy machine that is seconds.
describe('供应商注册', { timeout: 20_000 }, () => {
  it('refuses a credit code whose check digit is wrong, as it is typed', async () => {
    await renderRegister();
    type('统一社会信用代码', '91110000100010433M');
    // The first check loads the contract (zod): allow for a cold module graph on a busy machine.
    expect(
      await screen.findByText(
        '统一社会信用代码校验位不正确，请核对营业执照',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    type('统一社会信用代码', '9111000010001043');
    expect(
      await screen.findByText('统一社会信用代码应为 18 位数字或大写字母（不含 I、O、S、V、Z）'),
    ).toBeTruthy();
  });

  it('says when the two passwords differ and sends nothing', async () => {
    await renderRegister();
    fillValidForm();
    type('确认密码', 'Passw0rd2027');
    submit();
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    expect(registerCalls()).toHaveLength(0);
  });

  it('names the missing required fields', async () => {
    await renderRegister();
    submit();
    expect(await screen.findByText('请输入公司名称')).toBeTruthy();
    expect(screen.getByText('请输入统一社会信用代码')).toBeTruthy();
    expect(registerCalls()).toHaveLength(0);
  });

  it('sends the company and account, then says the company awaits review', async () => {
    await renderRegister();
    fillValidForm();
    submit();
    // The success page loads once the form is sent: a cold module graph on a busy machine.
    expect(await screen.findByText('注册成功，等待审核', {}, { timeout: 5000 })).toBeTruthy();
    expect(registerCalls()[0]?.[1]).toMatchObject({
      companyName: '华东电气设备有限公司',
      creditCode: '91110000100010433L',
      username: 'hd_electric',
      categories: [],
    });
    expect(screen.getByRole('link', { name: /登\s*录/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /返回首页/ })).toBeTruthy();
  });

  it("shows the server's 409 beside the field it names", async () => {
    requestMock.mockImplementation(async (route) => {
      if (route === publicRoutes.listDictItemsPublic) return categories;
      throw new ApiError(409, '统一社会信用代码已注册', {
        fields: [{ field: 'creditCode', message: '该统一社会信用代码已注册' }],
      });
    });
    await renderRegister();
    fillValidForm();
    submit();
    expect(await screen.findByText('该统一社会信用代码已注册')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('注册成功，等待审核')).toBeNull());
  });
});
