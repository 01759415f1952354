import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Form, Input } from 'antd';
import { PASSWORD_HINT } from '@tender/contracts/password';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { PasswordStrength, passwordGuessRule } from './PasswordStrength';

const OWNER = { usernameField: 'username' };

function AccountFields() {
  return (
    <Form>
      <Form.Item name="username" label="用户名">
        <Input />
      </Form.Item>
      <Form.Item
        name="password"
        label="密码"
        rules={[passwordGuessRule(OWNER)]}
        dependencies={['username']}
        extra={<PasswordStrength owner={OWNER} />}
      >
        <Input.Password />
      </Form.Item>
    </Form>
  );
}

beforeAll(() => stubBrowserLayout());
afterEach(cleanup);

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the password strength meter', () => {
  it('states every rule before anything is typed', () => {
    renderWithApp(<AccountFields />);
    expect(screen.getByText(PASSWORD_HINT)).toBeTruthy();
    expect(PASSWORD_HINT).toMatch(/不能包含用户名.*常见密码/);
  });

  it('says 弱, and why, for a strong-looking password that holds the username', async () => {
    renderWithApp(<AccountFields />);
    type('用户名', 'zhangsan');
    type('密码', 'Zhangsan@2026');
    expect(await screen.findByText('密码强度：弱')).toBeTruthy();
    expect(await screen.findByText('密码不能包含用户名')).toBeTruthy();
    expect(screen.getByText(PASSWORD_HINT)).toBeTruthy();
  });

  it('says 弱 for a common password the server refuses', async () => {
    renderWithApp(<AccountFields />);
    type('密码', 'Admin@123');
    expect(await screen.findByText('密码强度：弱')).toBeTruthy();
    expect(await screen.findByText('密码过于常见，容易被猜中，请换一个')).toBeTruthy();
  });

  it('says 强 for an accepted password of three kinds, and 中 for two', async () => {
    renderWithApp(<AccountFields />);
    type('用户名', 'zhangsan');
    type('密码', 'Tender#Bid2026');
    expect(await screen.findByText('密码强度：强')).toBeTruthy();
    type('密码', 'tender2026go');
    expect(await screen.findByText('密码强度：中')).toBeTruthy();
  });
});
