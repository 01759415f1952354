import { useRef, useState } from 'react';
import type { z } from 'zod';
import { passwordGuessProblem } from '@tender/contracts/password';
import { ApiError } from '@/lib/request';
import { COMPANY_TEXT_FIELDS } from '@/components/company-field-specs';
import type { CompanyFieldValues } from '@/components/CompanyFields';
import { loadRegisterSchema, REGISTER_PRESENCE } from '../api/register';

export interface RegisterValues extends CompanyFieldValues {
  username?: string;
  password?: string;
  confirmPassword?: string;
}
export type Field = Extract<keyof RegisterValues, string>;

/** The fields in the order they are drawn: the first failing one is brought into view. */
export const FIELD_ORDER: readonly Field[] = [
  ...COMPANY_TEXT_FIELDS.map((field) => field.name),
  'categories',
  'businessScope',
  'username',
  'password',
  'confirmPassword',
];

export const LABELS: Record<Field, string> = {
  ...(Object.fromEntries(COMPANY_TEXT_FIELDS.map((f) => [f.name, f.label])) as Record<
    (typeof COMPANY_TEXT_FIELDS)[number]['name'],
    string
  >),
  categories: '供货类别',
  businessScope: '经营范围',
  username: '用户名',
  password: '密码',
  confirmPassword: '确认密码',
};

/** A field is given a required mark and antd's "请输入…" when the contract requires it. */
export const isRequired = (field: Field) =>
  field === 'confirmPassword' ||
  (REGISTER_PRESENCE as Record<string, string>)[field] === 'required';

/** Which fields are checked again when a field changes (Form.Item's `dependencies`). */
const DEPENDENTS: Partial<Record<Field, Field>> = {
  username: 'password',
  password: 'confirmPassword',
};

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/**
 * A field's messages, every rule's, in the order Form.Item listed its rules: given (antd's
 * "请输入…"), the contract's rule, and for the password not the username nor a common one, for
 * the confirmation equal to the password.
 */
async function messagesOf(field: Field, values: RegisterValues): Promise<string[]> {
  const value = values[field];
  if (field === 'confirmPassword') {
    if (isEmpty(value)) return ['请再次输入密码'];
    return value !== values.password ? ['两次输入的密码不一致'] : [];
  }
  if (isEmpty(value)) return isRequired(field) ? [`请输入${LABELS[field]}`] : [];
  const schema = (await loadRegisterSchema()).shape[field] as z.ZodType;
  const result = schema.safeParse(value);
  const messages = result.success ? [] : [result.error.issues[0]?.message ?? '格式不正确'];
  if (field === 'password' && typeof value === 'string') {
    const problem = passwordGuessProblem(value, values.username ?? '');
    if (problem) messages.push(problem);
  }
  return messages;
}

type Errors = Partial<Record<Field, string[]>>;

/**
 * The registration form's values and errors, checked as Ant Design's Form checked them: a field
 * on each change, the fields that depend on it once they have been touched or checked, every
 * field on submit; the last check of a field wins. Errors set from outside (the contract's
 * whole-form check, the server's) stay until the field changes.
 */
export function useRegisterFields() {
  const [values, setValues] = useState<RegisterValues>({});
  const [errors, setErrors] = useState<Errors>({});
  const current = useRef(values);
  const runs = useRef<Partial<Record<Field, number>>>({});
  const dirty = useRef(new Set<Field>());

  const check = async (field: Field, snapshot: RegisterValues) => {
    dirty.current.add(field);
    const run = (runs.current[field] = (runs.current[field] ?? 0) + 1);
    const messages = await messagesOf(field, snapshot);
    if (runs.current[field] === run) setErrors((shown) => ({ ...shown, [field]: messages }));
    return messages;
  };

  const change = (field: Field, value: RegisterValues[Field]) => {
    const next = { ...current.current, [field]: value };
    current.current = next;
    setValues(next);
    void check(field, next);
    for (let dependent = DEPENDENTS[field]; dependent; dependent = DEPENDENTS[dependent]) {
      if (!dirty.current.has(dependent)) break;
      void check(dependent, next);
    }
  };

  /** Checks every field; answers the names of those that fail, in drawing order. */
  const checkAll = async () => {
    const snapshot = current.current;
    const results = await Promise.all(FIELD_ORDER.map((field) => check(field, snapshot)));
    return FIELD_ORDER.filter((_, index) => results[index]!.length > 0);
  };

  /** Shows each field's first message (from the contract or the server); answers the fields. */
  const showMessages = (messages: [string, string][]) => {
    const shown = new Map<Field, string>();
    for (const [path, message] of messages) {
      const field = path.split('.')[0] as Field;
      if (FIELD_ORDER.includes(field) && !shown.has(field)) shown.set(field, message);
    }
    for (const field of shown.keys()) runs.current[field] = (runs.current[field] ?? 0) + 1;
    setErrors((old) => ({
      ...old,
      ...Object.fromEntries([...shown].map(([field, message]) => [field, [message]])),
    }));
    return FIELD_ORDER.filter((field) => shown.has(field));
  };

  /** The server's field errors beside their fields; answers the fields. */
  const showServerErrors = (error: unknown) =>
    error instanceof ApiError ? showMessages(error.fieldList.map((f) => [f.field, f.message])) : [];

  return { values, errors, change, checkAll, showMessages, showServerErrors, current };
}
