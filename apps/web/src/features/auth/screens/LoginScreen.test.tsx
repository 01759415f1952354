import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithApp, stubBrowserLayout } from '@/test/render';
import { login } from '../api/session-calls';
import { loadUserMenu } from '@/stores/session';
import LoginScreen from './LoginScreen';

vi.mock('../api/session-calls', () => ({ login: vi.fn(async () => 'token') }));
vi.mock('@/stores/session', () => ({
  loadUserMenu: vi.fn(async () => ({ menuList: [], roles: [] })),
  resetSession: vi.fn(),
}));
const loginMock = vi.mocked(login);

beforeAll(() => stubBrowserLayout());
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
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
    expect(loginMock).not.toHaveBeenCalled();
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
    await waitFor(() => expect(loginMock).toHaveBeenCalledWith('  manager  ', 'Manager@12345'));
    await waitFor(() => expect(vi.mocked(loadUserMenu)).toHaveBeenCalled());
  });
});
