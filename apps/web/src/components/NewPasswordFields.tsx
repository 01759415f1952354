import type { ReactNode } from 'react';
import { Form, Input, type FormRule } from 'antd';
import { confirmRules } from '@/lib/confirm-rules';

/**
 * 新密码 (checked with the contract's password rule) and 确认密码, which must match it; the
 * fields are named `password` and `confirm`.
 */
export function NewPasswordFields({
  rules,
  placeholder,
  confirmPlaceholder,
  extra,
}: {
  rules: FormRule[];
  placeholder: string;
  confirmPlaceholder: string;
  extra?: ReactNode;
}) {
  return (
    <>
      <Form.Item name="password" label="新密码" extra={extra} required rules={rules}>
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
