import { Form, Input, Progress, Typography } from 'antd';
import { confirmRules } from '@/lib/confirm-rules';
import { MIN_PASSPHRASE_LENGTH, passphraseStrength } from './passphrase';

const STRENGTH_COLORS = ['#ff4d4f', '#faad14', '#1677ff', '#52c41a'];

function StrengthHint({ value }: { value?: string }) {
  if (!value) return null;
  const strength = passphraseStrength(value);
  return (
    <span
      data-testid="passphrase-strength"
      style={{ display: 'flex', gap: 8, alignItems: 'center' }}
    >
      <Progress
        percent={(strength.level + 1) * 25}
        steps={4}
        size="small"
        showInfo={false}
        strokeColor={STRENGTH_COLORS[strength.level]}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        强度：{strength.label}
      </Typography.Text>
    </span>
  );
}

/**
 * 投标解密口令, twice. It never leaves the browser: it wraps the bid's content key, and at the
 * opening it unwraps it again. Nobody — not the platform — can recover a forgotten one.
 */
export function PassphraseFields() {
  const form = Form.useFormInstance();
  const passphrase = Form.useWatch<string | undefined>('passphrase', form);
  return (
    <>
      <Form.Item
        name="passphrase"
        label="解密口令"
        tooltip="开标时凭此口令在浏览器中解密本投标；口令不会上传，平台无法找回"
        rules={[
          { required: true, message: '请设置投标解密口令' },
          { min: MIN_PASSPHRASE_LENGTH, message: `口令至少 ${MIN_PASSPHRASE_LENGTH} 个字符` },
        ]}
        extra={<StrengthHint value={passphrase} />}
      >
        <Input.Password
          autoComplete="new-password"
          placeholder={`至少 ${MIN_PASSPHRASE_LENGTH} 个字符，建议字母、数字与符号混合`}
        />
      </Form.Item>
      <Form.Item
        name="passphrase2"
        label="确认口令"
        dependencies={['passphrase']}
        rules={confirmRules('passphrase', '请再次输入口令', '两次输入的口令不一致')}
      >
        <Input.Password autoComplete="new-password" placeholder="再次输入口令" />
      </Form.Item>
    </>
  );
}
