import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';
import { ApiError } from './request';

type FieldsOf<S extends z.ZodObject> = Extract<keyof S['shape'], string>;

/** What antd's form needs to paint errors: only setFields, so tests can pass a stand-in. */
export type FieldErrorTarget = Pick<FormInstance, 'setFields'>;

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

type Presence = 'required' | 'optional';

/** A field's rules: antd's own "请输入…" when required and empty, else the zod rule's message. */
function fieldRules(required: boolean, field: () => z.ZodType | Promise<z.ZodType>): FormRule[] {
  return [
    ...(required ? [{ required: true }] : []),
    {
      validator: async (_rule, value) => {
        if (isEmpty(value)) return;
        const result = (await field()).safeParse(value);
        if (!result.success) throw new Error(result.error.issues[0]?.message ?? '格式不正确');
      },
    },
  ];
}

/** Whether each field of a schema must be given: what `lazyRulesFrom`'s list must say. */
export function presenceOf<S extends z.ZodObject>(schema: S): Record<FieldsOf<S>, Presence> {
  return Object.fromEntries(
    Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => [
      name,
      field.safeParse(undefined).success ? 'optional' : 'required',
    ]),
  ) as Record<FieldsOf<S>, Presence>;
}

/**
 * antd rules for every field of a contract schema: a required field gets antd's own "请输入…"
 * when empty, and any value runs the field's zod rule as the user types, with its Chinese message.
 */
export function rulesFrom<S extends z.ZodObject>(schema: S): Record<FieldsOf<S>, FormRule[]> {
  const shape = schema.shape as Record<string, z.ZodType>;
  const presence = presenceOf(schema) as Record<string, Presence>;
  return Object.fromEntries(
    Object.entries(shape).map(([name, field]) => [
      name,
      fieldRules(presence[name] === 'required', () => field),
    ]),
  ) as Record<FieldsOf<S>, FormRule[]>;
}

/**
 * `rulesFrom` for a public page that draws its form before zod loads: the schema is loaded by
 * the first check. The required marks are drawn before that, so the caller lists each field's
 * presence; its test compares the list with `presenceOf(schema)`.
 */
export function lazyRulesFrom<S extends z.ZodObject>(
  load: () => Promise<S>,
  presence: Record<FieldsOf<S>, Presence>,
): Record<FieldsOf<S>, FormRule[]> {
  return Object.fromEntries(
    Object.entries<Presence>(presence).map(([name, given]) => [
      name,
      fieldRules(given === 'required', async () => (await load()).shape[name] as z.ZodType),
    ]),
  ) as Record<FieldsOf<S>, FormRule[]>;
}

/** The top-level form field a validation path points at ("powerIds.2" → "powerIds"). */
const fieldOf = (path: string) => path.split('.')[0] ?? path;

/** Groups messages by field, keeping each field's first message. */
function setFieldMessages(form: FieldErrorTarget, messages: [string, string][]) {
  const byField = new Map<string, string>();
  for (const [path, message] of messages) {
    const field = fieldOf(path);
    if (!byField.has(field)) byField.set(field, message);
  }
  form.setFields([...byField].map(([name, message]) => ({ name, errors: [message] })));
  return byField.size > 0;
}

/**
 * Validates the whole form with the contract schema before sending: answers the parsed values
 * (trimmed, coerced, defaults filled) or null after painting each failing field's message.
 */
export function parseForm<S extends z.ZodType>(
  form: FieldErrorTarget,
  schema: S,
  values: object,
): z.output<S> | null {
  // A cleared select answers null, which a nullable field keeps ("unbind"); the schema decides.
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const messages = result.error.issues.map(
    (issue) => [issue.path.map(String).join('.'), issue.message] as [string, string],
  );
  setFieldMessages(form, messages);
  return null;
}

/**
 * Paints the server's field errors beside their fields, whatever the code: a 400 (a rule) or a
 * 409 (a name or code already taken). Answers whether any were shown, so the caller knows the
 * request failed for a reason the form already explains.
 */
export function showServerFieldErrors(form: FieldErrorTarget, error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return setFieldMessages(form, Object.entries(error.fieldErrors));
}
