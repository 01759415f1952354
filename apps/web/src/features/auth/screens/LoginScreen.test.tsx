import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { authRoutes } from '@tender/contracts/browser';
import { bidderMenuList, userMenu } from '@/test/menu-fixtures';
import { mockRequest } from '@/test/request-stub';
import { resetSession } from '@/stores/session';
import LoginScreen from './LoginScreen';

// The server signs in and answers the menu; the screen's own login and menu load run as in the app.
const requestMock = mockRequest(async (route) => {
  if (route === authRoutes.login) return 'token';
  if (route === authRoutes.listMenuByUser) return userMenu(bidderMenuList, ['bidder']);
  throw new Error(`unexpected call ${route.path}`);
});
const loginCalls = () => requestMock.mock.calls.filter(([route]) => route === authRoutes.login);

beforeAll(() => stubBrowserLayout());
afterEach(() => {
  cleanup();
  requestMock.mockClear();
  resetSession();
});

const username = () => screen.getByPlaceholderText('用户名');
const password = () => screen.getByPlaceholderText('密码');
const submitButton = () => screen.getByRole('button', { name: /登\s*录/ });

describe('LoginScreen', () => {
  it('shows each empty field’s message under it on submit and sends nothing', async () => {
    renderWithApp(<LoginScreen />, '/login');
    fireEvent.click(submitButton());
    expect(await screen.findByText('用户名不能为空')).toBeTruthy();
    expect(await screen.findByText('密码不能为空')).toBeTruthy();
    expect(username().getAttribute('aria-invalid')).toBe('true');
    expect(username().getAttribute('aria-describedby')).toBe('login_username_help');
    expect(loginCalls()).toEqual([]);
  });

  it('checks a field as it changes: blank (spaces) is refused, typing clears the message', async () => {
    renderWithApp(<LoginScreen />, '/login');
    fireEvent.change(username(), { target: { value: '   ' } });
    expect(await screen.findByText('用户名不能为空')).toBeTruthy();
    fireEvent.change(username(), { target: { value: 'admin' } });
    await waitFor(() => expect(screen.queryByText('用户名不能为空')).toBeNull());
    expect(screen.queryByText('密码不能为空')).toBeNull();
  });

  it('submits what was typed (Enter in a field submits the form) and loads the menu', async () => {
    renderWithApp(<LoginScreen />, '/login');
    fireEvent.change(username(), { target: { value: '  manager  ' } });
    fireEvent.change(password(), { target: { value: 'Manager@12345' } });
    fireEvent.submit(password().closest('form')!);
    // login() trims the name (as the schema does); the password goes as typed.
    await waitFor(() =>
      expect(loginCalls()).toEqual([
        [authRoutes.login, { username: 'manager', password: 'Manager@12345' }],
      ]),
    );
    await waitFor(() =>
      expect(requestMock).toHaveBeenCalledWith(authRoutes.listMenuByUser, {}, expect.anything()),
    );
  });
});
