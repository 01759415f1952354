import { Flex, Form, Progress, Typography } from 'antd';

const LEVELS = [
  { label: '弱', color: '#ff4d4f' },
  { label: '中', color: '#faad14' },
  { label: '强', color: '#52c41a' },
] as const;

/** 0 weak, 1 medium, 2 strong: length and the kinds of characters used. */
export function passwordStrength(password: string): 0 | 1 | 2 {
  const kinds = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(password)).length;
  if (password.length >= 12 && kinds >= 3) return 2;
  if (password.length >= 8 && kinds >= 2) return kinds >= 3 ? 2 : 1;
  return 0;
}

/**
 * A three-step bar under the form's password field; the contract's rule decides what is accepted.
 * It watches the field itself, so a keystroke re-renders the bar, not the whole form.
 */
export function PasswordStrength() {
  const password = Form.useWatch<string | undefined>('password', Form.useFormInstance());
  if (!password) return <span>8–64 位，须同时包含字母和数字</span>;
  const level = passwordStrength(password);
  const { label, color } = LEVELS[level];
  return (
    <Flex align="center" gap={8} style={{ marginTop: 4 }}>
      <Progress
        percent={((level + 1) / 3) * 100}
        steps={3}
        strokeColor={color}
        showInfo={false}
        size={[36, 6]}
      />
      <Typography.Text style={{ color, fontSize: 12 }}>密码强度：{label}</Typography.Text>
    </Flex>
  );
}
