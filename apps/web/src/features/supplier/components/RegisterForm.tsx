import { Link } from 'react-router';
import { Button, Form, Input } from 'antd';
import type { supplierApi } from '@tender/contracts';
import {
  focusFirstError,
  lazyRulesFrom,
  parseForm,
  showServerFieldErrors,
} from '@/lib/form-errors';
import { confirmRules } from '@/lib/confirm-rules';
import { CompanyFields, type CompanyFieldValues } from '@/components/CompanyFields';
import { loadRegisterSchema, REGISTER_PRESENCE, useRegisterSupplier } from '../api/register';
import { PasswordStrength, passwordGuessRule } from '@/components/PasswordStrength';
import { useFeedback } from '@/lib/feedback';
import { InTurn, Turns } from '@/components/Turns';
import '@/components/form-layout.css';

const rules = lazyRulesFrom<typeof supplierApi.registerSchema>(
  loadRegisterSchema,
  REGISTER_PRESENCE,
);

/** The account's password must not contain the username typed above it. */
const OWNER = { usernameField: 'username' };

export interface RegisterValues extends CompanyFieldValues {
  username?: string;
  password?: string;
  confirmPassword?: string;
}

export interface Registered {
  companyName: string;
  username: string;
}

/** The company and its first bidder account; every field checked as it is typed. */
export function RegisterForm({ onRegistered }: { onRegistered: (done: Registered) => void }) {
  const { message } = useFeedback();
  const [form] = Form.useForm<RegisterValues>();
  const register = useRegisterSupplier();

  const submit = async (values: RegisterValues) => {
    const input = parseForm(form, await loadRegisterSchema(), values);
    if (!input) return;
    try {
      await register.mutateAsync(input);
      onRegistered({ companyName: input.companyName, username: input.username });
    } catch (error) {
      showServerFieldErrors(form, error);
      message.error(error instanceof Error ? error.message : '注册失败');
    }
  };

  return (
    <Turns turns={5}>
      <Form<RegisterValues>
        name="register"
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        onFinishFailed={() => focusFirstError(form)}
        aria-label="供应商注册"
        // The contract (zod) loads as the user reaches for the first field, ready for its check.
        onFocus={() => void loadRegisterSchema()}
        requiredMark
        scrollToFirstError={false}
      >
        <h3 className="register-section">企业信息</h3>
        <CompanyFields />
        <InTurn turn={5}>
          <h3 className="register-section">账号信息</h3>
          <div className="form-grid">
            <Form.Item
              className="form-grid-wide register-username"
              name="username"
              label="用户名"
              rules={rules.username}
              extra="用于登录，2–50 位字母、数字或 _ . @ -"
            >
              <Input placeholder="请输入用户名" autoComplete="username" />
            </Form.Item>
            <Form.Item
              name="password"
              label="密码"
              rules={[...rules.password, passwordGuessRule(OWNER)]}
              dependencies={['username']}
              extra={<PasswordStrength owner={OWNER} />}
            >
              <Input.Password placeholder="请输入密码" autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="confirmPassword"
              label="确认密码"
              dependencies={['password']}
              rules={confirmRules('password', '请再次输入密码', '两次输入的密码不一致')}
            >
              <Input.Password placeholder="请再次输入密码" autoComplete="new-password" />
            </Form.Item>
          </div>
          <Button type="primary" htmlType="submit" size="large" block loading={register.isPending}>
            提交注册
          </Button>
          <div className="auth-links">
            <span>
              已有账号？<Link to="/login">直接登录</Link>
            </span>
            <span>提交后由招标方审核，审核通过即可报名投标</span>
          </div>
        </InTurn>
      </Form>
    </Turns>
  );
}
