import { Flex, Progress, Typography } from 'antd';
import { passwordStrength } from '@tender/contracts/password';

const LEVELS = [
  { label: '弱', color: '#ff4d4f' },
  { label: '中', color: '#faad14' },
  { label: '强', color: '#52c41a' },
] as const;

/** A three-step bar that agrees with the server: a password it would refuse is 弱. */
export default function PasswordStrengthBar({
  password,
  username,
}: {
  password: string;
  username: string;
}) {
  const level = passwordStrength(password, username);
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
