import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, type InputRef } from 'antd';
// Input and its Password alone: antd's Input index carries TextArea, Search and OTP with it.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { LockOutlined, SearchOutlined, UserOutlined } from '@ant-design/icons';
import { ApiError } from '@/lib/request';
import { feedback } from '@/lib/feedback';
import { landingPath } from '@/lib/menu';
import { loadUserMenu, resetSession } from '@/stores/session';
import { login } from '../api/session-calls';
import { BrandPanel } from '@/components/BrandPanel';
import '../auth.css';

interface Credentials {
  username: string;
  password: string;
}
type Field = keyof Credentials;

// The contract's login schema, loaded on the first check: zod stays out of the page's first load.
// From its own module: the package's index would bring every contract (and list them all here).
const loginFields = () =>
  import('@tender/contracts/auth').then(({ loginSchema }) => loginSchema.shape);
const firstIssue = async (field: Field, value: string) =>
  (await loginFields())[field].safeParse(value).error?.issues[0]?.message;

/** Only a path inside this app may be a redirect target. */
const safeRedirect = (value: string | null) =>
  value && value.startsWith('/') && !value.startsWith('//') ? value : null;

/**
 * The login form's two fields, checked as Ant Design's Form would check them (each on change once
 * touched, both on submit; the last check of a field wins), without Form: Form and its rules
 * engine, with the Tooltip they bring, were a fifth of the page's script.
 */
function useCredentials() {
  const [values, setValues] = useState<Credentials>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const checks = useRef<Record<Field, number>>({ username: 0, password: 0 });

  const check = async (field: Field, value: string) => {
    const run = ++checks.current[field];
    const error = await firstIssue(field, value);
    if (run === checks.current[field]) setErrors((shown) => ({ ...shown, [field]: error }));
    return error;
  };
  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    void check(field, value);
  };
  const checkAll = async () =>
    (
      await Promise.all([check('username', values.username), check('password', values.password)])
    ).filter(Boolean).length === 0;
  return { values, errors, change, checkAll };
}

/** One field in Ant Design's form-item layout and error style (ids as Form named them). */
function FormField({ id, error, children }: { id: string; error?: string; children: ReactNode }) {
  return (
    <div className={error ? 'auth-field auth-field-with-help' : 'auth-field'}>
      {children}
      {error && (
        <div id={`${id}_help`} className="auth-field-explain" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/**
 * Focuses an element once the screen has been painted. `autoFocus` focuses inside React's
 * commit, which forces the style and layout of the whole new page there: the longest part of
 * the login page's boot on a phone.
 */
function useFocusAfterPaint<T extends { focus(): void }>() {
  const element = useRef<T>(null);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => element.current?.focus())));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return element;
}

export default function LoginScreen() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const redirect = safeRedirect(params.get('redirect'));
  const { values, errors, change, checkAll } = useCredentials();
  const usernameInput = useFocusAfterPaint<InputRef>();

  const submit = async ({ username, password }: Credentials) => {
    setLoading(true);
    try {
      await login(username, password);
      const menu = await loadUserMenu();
      const otherQuery = new URLSearchParams(params);
      otherQuery.delete('redirect');
      const query = otherQuery.toString();
      const target = redirect ?? landingPath(menu) ?? '/';
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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const entered = values;
    void checkAll().then((valid) => (valid ? submit(entered) : undefined));
  };

  const field = (name: Field) => ({
    id: `login_${name}`,
    value: values[name],
    onChange: (event: { target: { value: string } }) => change(name, event.target.value),
    status: errors[name] ? ('error' as const) : undefined,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `login_${name}_help` : undefined,
    size: 'large' as const,
  });

  return (
    <div className="auth-page">
      <BrandPanel />
      <main className="auth-form-side">
        <div className="auth-card">
          <h2 className="auth-card-title">账号登录</h2>
          <p className="auth-card-lead">招标方、投标人与管理员使用同一入口登录</p>
          <form id="login" name="login" noValidate onSubmit={onSubmit}>
            <FormField id="login_username" error={errors.username}>
              <Input
                {...field('username')}
                prefix={<UserOutlined />}
                placeholder="用户名"
                autoComplete="username"
                ref={usernameInput}
              />
            </FormField>
            <FormField id="login_password" error={errors.password}>
              <Password
                {...field('password')}
                prefix={<LockOutlined />}
                placeholder="密码"
                autoComplete="current-password"
              />
            </FormField>
            <Button type="primary" htmlType="submit" size="large" block loading={loading}>
              登录
            </Button>
          </form>
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
