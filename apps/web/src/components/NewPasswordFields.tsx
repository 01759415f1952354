import { Form, Input, type FormRule } from 'antd';
import { confirmRules } from '@/lib/confirm-rules';
import { PasswordStrength, passwordGuessRule, type PasswordOwner } from './PasswordStrength';

/**
 * 新密码 (checked with the contract's password rule, and not the owner's username nor a common
 * one) with every rule and a strength meter under it, and 确认密码, which must match it; the
 * fields are named `password` and `confirm`.
 */
export function NewPasswordFields({
  rules,
  owner,
  placeholder,
  confirmPlaceholder,
}: {
  rules: FormRule[];
  owner: PasswordOwner;
  placeholder: string;
  confirmPlaceholder: string;
}) {
  return (
    <>
      <Form.Item
        name="password"
        label="新密码"
        extra={<PasswordStrength owner={owner} />}
        required
        rules={[...rules, passwordGuessRule(owner)]}
      >
        <Input.Password placeholder={placeholder} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label="确认密码"
        dependencies={['password']}
        rules={confirmRules('password', '请再次输入新密码', '两次输入的密码不一致')}
      >
        <Input.Password placeholder={confirmPlaceholder} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
