import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, Form, Input, Typography } from 'antd';
import { LockOutlined, SearchOutlined, UserOutlined } from '@ant-design/icons';
import { ApiError } from '@/lib/request';
import { feedback } from '@/lib/feedback';
import { firstMenuPath } from '@/lib/menu';
import { loadUserMenu, resetSession } from '@/stores/session';
import { login } from '../api/session-calls';
import { BrandPanel } from '../components/BrandPanel';
import '../auth.css';

interface Credentials {
  username: string;
  password: string;
}

// The contract's login schema, loaded on the first check: zod stays out of the page's first load.
const loginFields = () => import('@tender/contracts').then(({ auth }) => auth.loginSchema.shape);
const firstIssue = (field: keyof Credentials) =>
  ({
    validator: async (_rule: unknown, value: unknown) => {
      const schema = (await loginFields())[field];
      const issue = schema.safeParse(value ?? '').error?.issues[0];
      if (issue) throw new Error(issue.message);
    },
  }) as const;

/** Only a path inside this app may be a redirect target. */
const safeRedirect = (value: string | null) =>
  value && value.startsWith('/') && !value.startsWith('//') ? value : null;

export default function LoginScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const redirect = safeRedirect(params.get('redirect'));

  const submit = async ({ username, password }: Credentials) => {
    setLoading(true);
    try {
      await login(username, password);
      const menu = await loadUserMenu();
      const otherQuery = new URLSearchParams(params);
      otherQuery.delete('redirect');
      const query = otherQuery.toString();
      const target = redirect ?? firstMenuPath(menu.menuList) ?? '/';
      await navigate(query ? `${target}?${query}` : target, { replace: true });
    } catch (error) {
      // The request wrapper already showed the server's refusal; a menu failure is ours to show.
      if (!(error instanceof ApiError)) {
        resetSession();
        feedback.error(error instanceof Error ? error.message : 'Has Error');
      }
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="auth-page">
      <BrandPanel />
      <main className="auth-form-side">
        <div className="auth-card">
          <Typography.Title level={2} className="auth-card-title">
            账号登录
          </Typography.Title>
          <Typography.Paragraph type="secondary">
            招标方、投标人与管理员使用同一入口登录
          </Typography.Paragraph>
          <Form<Credentials> size="large" onFinish={(values) => void submit(values)} name="login">
            <Form.Item name="username" rules={[firstIssue('username')]}>
              <Input
                prefix={<UserOutlined />}
                placeholder="用户名"
                autoComplete="username"
                autoFocus
              />
            </Form.Item>
            <Form.Item name="password" rules={[firstIssue('password')]}>
              <Input.Password
                prefix={<LockOutlined />}
                placeholder="密码"
                autoComplete="current-password"
              />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={loading}>
              登录
            </Button>
          </Form>
          <div className="auth-links">
            <span>
              还没有账号？<Link to="/register">供应商注册</Link>
            </span>
            <Link to="/tenderMsgSearch">
              <SearchOutlined /> 招标信息查询
            </Link>
          </div>
        </div>
      </main>
    </div>
  );
}
