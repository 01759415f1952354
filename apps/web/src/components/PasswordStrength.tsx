import { Form, type FormRule } from 'antd';
import { PASSWORD_HINT, passwordGuessProblem } from '@tender/contracts/password';
import PasswordStrengthBar from './PasswordStrengthBar';

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
  return (
    <>
      <PasswordStrengthBar password={password} username={username} />
      {hint}
    </>
  );
}
