import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { UserMenu } from '@tender/contracts';
import { Access, accessOf } from './use-access';
import { resetSession, setUserMenu } from '@/stores/session';

const menuOf = (roleName: string, buttons: string[]): UserMenu => ({
  menuList: [],
  realName: '测试',
  userid: 9,
  username: 'tester',
  roleId: 9,
  roleName,
  roles: [roleName],
  buttons,
});

afterEach(() => {
  cleanup();
  resetSession();
});

describe('accessOf', () => {
  it('lets the admin role do everything, whatever its buttons', () => {
    const access = accessOf(menuOf('admin', []));
    expect(access.isAdmin).toBe(true);
    expect(access.can('user:export')).toBe(true);
  });

  it('lets another role do only what its button powers name', () => {
    const access = accessOf(menuOf('tender_manager', ['user:add']));
    expect(access.isAdmin).toBe(false);
    expect(access.can('user:add')).toBe(true);
    expect(access.can('user:delete')).toBe(false);
  });

  it('allows nothing before the menu has loaded', () => {
    expect(accessOf(null).can('user:add')).toBe(false);
  });
});

describe('<Access>', () => {
  it('shows its children to a caller holding the button power', () => {
    setUserMenu(menuOf('auditor', ['user:export']));
    render(<Access code="user:export">导出</Access>);
    expect(screen.getByText('导出')).toBeTruthy();
  });

  it('hides its children, or shows the fallback, from a caller without it', () => {
    setUserMenu(menuOf('auditor', []));
    render(
      <Access code="user:export" fallback={<span>无权限</span>}>
        导出
      </Access>,
    );
    expect(screen.queryByText('导出')).toBeNull();
    expect(screen.getByText('无权限')).toBeTruthy();
  });
});
