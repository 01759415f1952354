import { Flex, Form, Progress, Typography, type FormRule } from 'antd';
import { PASSWORD_HINT, passwordGuessProblem, passwordStrength } from '@tender/contracts/password';

const LEVELS = [
  { label: '弱', color: '#ff4d4f' },
  { label: '中', color: '#faad14' },
  { label: '强', color: '#52c41a' },
] as const;

/** Whose password: a fixed username (reset, change own), or the form's own 用户名 field. */
export type PasswordOwner = { username: string } | { usernameField: string };

const useOwnerName = (owner: PasswordOwner) => {
  const field = 'usernameField' in owner ? owner.usernameField : 'username';
  const typed = Form.useWatch<string | undefined>(field, Form.useFormInstance());
  return 'username' in owner ? owner.username : (typed ?? '');
};

/**
 * The two rules a password field needs besides the contract's shape: not the username, not a
 * common one (the server's words, from contracts' password.ts), checked as the user types.
 */
export function passwordGuessRule(owner: PasswordOwner): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || !value) return;
      const username =
        'username' in owner ? owner.username : String(getFieldValue(owner.usernameField) ?? '');
      const problem = passwordGuessProblem(value, username);
      if (problem) throw new Error(problem);
    },
  });
}

/**
 * Under a new-password field: every rule of the policy, then, once typing starts, a three-step
 * bar that agrees with the server (a password it would refuse is 弱). It watches the fields
 * itself, so a keystroke re-renders the bar, not the whole form.
 */
export function PasswordStrength({ owner }: { owner: PasswordOwner }) {
  const password = Form.useWatch<string | undefined>('password', Form.useFormInstance());
  const username = useOwnerName(owner);
  const hint = <span className="password-hint">{PASSWORD_HINT}</span>;
  if (!password) return hint;
  const level = passwordStrength(password, username);
  const { label, color } = LEVELS[level];
  return (
    <>
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
      {hint}
    </>
  );
}
