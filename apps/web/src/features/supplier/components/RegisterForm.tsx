import { lazy, Suspense, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from 'antd';
// Input, Password and TextArea alone: antd's Input index carries Search and OTP with it.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import TextArea from 'antd/es/input/TextArea';
import { PASSWORD_HINT } from '@tender/contracts/password';
import { useFeedback } from '@/lib/feedback';
import {
  BUSINESS_SCOPE_FIELD,
  CATEGORIES_FIELD,
  COMPANY_TEXT_FIELDS,
  normalizeCreditCode,
} from '@/components/company-field-specs';
import { controlProps, FormItemFrame, useFormFrame } from '@/components/FormItemFrame';
import { SupplyCategorySelect } from '@/components/SupplyCategorySelect';
import { InTurn, InTurns, Turns } from '@/components/Turns';
import { loadRegisterSchema, useRegisterSupplier } from '../api/register';
import { FIELD_ORDER, isRequired, LABELS, useRegisterFields, type Field } from './register-fields';
import '@/components/form-layout.css';

export type { RegisterValues } from './register-fields';

// The strength bar (Progress, Flex, Typography) loads as the password field is reached for.
const loadStrengthBar = () => import('@/components/PasswordStrengthBar');
const PasswordStrengthBar = lazy(loadStrengthBar);

export interface Registered {
  companyName: string;
  username: string;
}

/** Brings the field into view and puts the cursor in it, as Form's scrollToField did. */
function focusField(id: string) {
  const element = document.getElementById(id);
  element?.scrollIntoView?.({ block: 'center' });
  element?.focus();
}

/**
 * The company and its first bidder account; every field checked as it is typed. Drawn as Ant
 * Design's vertical Form (FormItemFrame) without Form: the checks are `useRegisterFields`.
 */
export function RegisterForm({ onRegistered }: { onRegistered: (done: Registered) => void }) {
  const { message } = useFeedback();
  const frame = useFormFrame();
  const register = useRegisterSupplier();
  const { values, errors, change, checkAll, showMessages, showServerErrors, current } =
    useRegisterFields();

  const idOf = (field: Field) => `register_${field}`;
  const focusFirst = (failing: readonly Field[]) => {
    const first = FIELD_ORDER.find((field) => failing.includes(field));
    if (first) focusField(idOf(first));
  };

  const submit = async () => {
    const failing = await checkAll();
    if (failing.length) return focusFirst(failing);
    const parsed = (await loadRegisterSchema()).safeParse(current.current);
    if (!parsed.success) {
      const issues = parsed.error.issues.map(
        (issue) => [issue.path.map(String).join('.'), issue.message] as [string, string],
      );
      return focusFirst(showMessages(issues));
    }
    try {
      await register.mutateAsync(parsed.data);
      onRegistered({ companyName: parsed.data.companyName, username: parsed.data.username });
    } catch (error) {
      focusFirst(showServerErrors(error));
      message.error(error instanceof Error ? error.message : '注册失败');
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  /** A field's frame, its control given the id, status and aria- attributes Form.Item gave. */
  const item = (
    field: Field,
    control: (props: ReturnType<typeof controlProps>) => ReactNode,
    { className, extra }: { className?: string; extra?: ReactNode } = {},
  ) => {
    const state = { errors: errors[field] ?? [], extra, required: isRequired(field) };
    return (
      <FormItemFrame
        key={field}
        frame={frame}
        id={idOf(field)}
        label={LABELS[field]}
        className={className}
        {...state}
      >
        {control(controlProps(idOf(field), state))}
      </FormItemFrame>
    );
  };
  const text = (field: Field) => (event: { target: { value: string } }) =>
    change(field, event.target.value);

  const [first, second, ...rest] = COMPANY_TEXT_FIELDS.map(
    ({ name, placeholder, maxLength, autoComplete }) =>
      item(name, (props) => (
        <Input
          {...props}
          placeholder={placeholder}
          maxLength={maxLength}
          autoComplete={autoComplete}
          value={values[name] ?? ''}
          onChange={(event) =>
            change(
              name,
              name === 'creditCode' ? normalizeCreditCode(event.target.value) : event.target.value,
            )
          }
        />
      )),
  );
  const password = values.password ?? '';

  return (
    <Turns turns={5}>
      <form
        id="register"
        name="register"
        className={frame.form}
        noValidate
        onSubmit={onSubmit}
        aria-label="供应商注册"
        // The contract (zod) loads as the user reaches for the first field, ready for its check.
        onFocus={() => void loadRegisterSchema()}
      >
        <h3 className="register-section">企业信息</h3>
        <div className="form-grid">
          {first}
          {second}
          {/* Two at a time, each turn its own task (see Turns). */}
          <InTurns from={1}>
            {rest}
            {item(
              'categories',
              (props) => (
                <SupplyCategorySelect
                  {...props}
                  value={values.categories}
                  onChange={(value) => change('categories', value)}
                />
              ),
              { className: 'form-grid-wide', extra: CATEGORIES_FIELD.extra },
            )}
            {item(
              'businessScope',
              (props) => (
                <TextArea
                  {...props}
                  className="textarea-grow"
                  placeholder={BUSINESS_SCOPE_FIELD.placeholder}
                  rows={2}
                  maxLength={BUSINESS_SCOPE_FIELD.maxLength}
                  showCount
                  value={values.businessScope ?? ''}
                  onChange={text('businessScope')}
                />
              ),
              { className: 'form-grid-wide' },
            )}
          </InTurns>
        </div>
        <InTurn turn={5}>
          <h3 className="register-section">账号信息</h3>
          <div className="form-grid">
            {item(
              'username',
              (props) => (
                <Input
                  {...props}
                  placeholder="请输入用户名"
                  autoComplete="username"
                  value={values.username ?? ''}
                  onChange={text('username')}
                />
              ),
              {
                className: 'form-grid-wide register-username',
                extra: '用于登录，2–50 位字母、数字或 _ . @ -',
              },
            )}
            {item(
              'password',
              (props) => (
                <Password
                  {...props}
                  placeholder="请输入密码"
                  autoComplete="new-password"
                  value={password}
                  onChange={text('password')}
                  onFocus={() => void loadStrengthBar()}
                />
              ),
              {
                // Under the field: the policy, and once typing starts the strength bar.
                extra: (
                  <>
                    {password && (
                      <Suspense fallback={null}>
                        <PasswordStrengthBar password={password} username={values.username ?? ''} />
                      </Suspense>
                    )}
                    <span className="password-hint">{PASSWORD_HINT}</span>
                  </>
                ),
              },
            )}
            {item('confirmPassword', (props) => (
              <Password
                {...props}
                placeholder="请再次输入密码"
                autoComplete="new-password"
                value={values.confirmPassword ?? ''}
                onChange={text('confirmPassword')}
              />
            ))}
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
      </form>
    </Turns>
  );
}
