import { Form, Input } from 'antd';
import { admin } from '@tender/contracts';
import { rulesFrom } from '@/lib/form-errors';

// Phone and email follow the same contract rules in every form that holds them.
const rules = rulesFrom(admin.updateMyInfoSchema);

/** 电话 and 邮箱 form items, for a user's own profile and for the administrator's user form. */
export function ContactFields() {
  return (
    <>
      <Form.Item name="phone" label="电话" rules={rules.phone}>
        <Input placeholder="手机号或带区号的固定电话" />
      </Form.Item>
      <Form.Item name="email" label="邮箱" rules={rules.email}>
        <Input placeholder="name@example.com" />
      </Form.Item>
    </>
  );
}
