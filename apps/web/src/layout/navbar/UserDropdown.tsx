import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Avatar, Dropdown, type MenuProps } from 'antd';
import { DownOutlined, KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { feedback } from '@/lib/feedback';
import { allowedPaths } from '@/lib/menu';
import { leaveSession, logout, resetSession, useUserMenu } from '@/stores/session';
import { useFeedback } from '@/lib/feedback';
import { useOpenedOnce } from '@/hooks/use-opened-once';

// Its form, rules and strength bar load when 修改密码 is first chosen, not with every screen.
const ChangePasswordDialog = lazy(() =>
  import('./ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

const PROFILE_PATH = '/updateInfo';

/** The user's real name with 个人信息, 修改密码 and 退出登录. */
export function UserDropdown() {
  const menu = useUserMenu();
  const { modal } = useFeedback();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const passwordUsed = useOpenedOnce(passwordOpen);
  const realName = menu?.realName || sessionStorage.getItem('realName') || '';

  const confirmLogout = () =>
    modal.confirm({
      title: '提示',
      content: '此操作将退出登录, 是否继续?',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await logout();
        leaveSession();
        feedback.success('退出成功!');
        // Leave the screens first: clearing the cache under a mounted screen refetches its
        // queries without a token, and their 501 would open 'Confirm logout' on the login page.
        await navigate('/login');
        queryClient.clear();
      },
    });

  const items: MenuProps['items'] = [
    ...(allowedPaths(menu?.menuList ?? []).has(PROFILE_PATH)
      ? [{ key: 'profile', icon: <UserOutlined />, label: '个人信息' }]
      : []),
    { key: 'password', icon: <KeyOutlined />, label: '修改密码' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') void navigate(PROFILE_PATH);
    if (key === 'password') setPasswordOpen(true);
    if (key === 'logout') confirmLogout();
  };

  return (
    <>
      <Dropdown trigger={['click']} placement="bottomRight" menu={{ items, onClick }}>
        <span className="navbar-item navbar-user" data-testid="user-dropdown">
          <Avatar size={28} className="navbar-avatar">
            {realName.slice(0, 1) || <UserOutlined />}
          </Avatar>
          <span className="navbar-user-name">{realName}</span>
          <DownOutlined className="navbar-user-caret" />
        </span>
      </Dropdown>
      <Suspense fallback={null}>
        {passwordUsed && (
          <ChangePasswordDialog
            open={passwordOpen}
            onClose={() => setPasswordOpen(false)}
            onChanged={() => {
              // The server revoked the old token: sign in again with the new password.
              resetSession();
              void Promise.resolve(navigate(`/login?redirect=${pathname}`)).then(() =>
                queryClient.clear(),
              );
            }}
          />
        )}
      </Suspense>
    </>
  );
}
