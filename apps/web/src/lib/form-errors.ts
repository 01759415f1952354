import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';
import { ApiError } from './request';

type FieldsOf<S extends z.ZodObject> = Extract<keyof S['shape'], string>;

/**
 * What antd's form needs to paint errors (setFields) and to bring the first into view (the
 * rest): a test or a wrapper that renames fields may pass setFields alone.
 */
export type FieldErrorTarget = Pick<FormInstance, 'setFields'> &
  Partial<Pick<FormInstance, 'getFieldsError' | 'getFieldInstance' | 'scrollToField'>>;

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

type NamePath = (string | number)[];

/** The segments of a validation path: "lots.0.budget" → ['lots', 0, 'budget']. */
const segmentsOf = (path: string): NamePath =>
  path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * The form field a server or schema path points at: the longest start of the path that is a
 * field of the form ("lots.0.budget" → ['lots', 0, 'budget'] inside a Form.List), else its
 * top-level name ("powerIds.2" → "powerIds").
 */
export function formNameOf(path: string, registered: NamePath[] = []): string | NamePath {
  const segments = segmentsOf(path);
  const known = new Set(registered.map((name) => name.join('.')));
  for (let length = segments.length; length > 1; length--) {
    const prefix = segments.slice(0, length);
    if (known.has(prefix.join('.'))) return prefix;
  }
  return String(segments[0] ?? path);
}

const registeredNames = (form: FieldErrorTarget): NamePath[] =>
  form.getFieldsError?.().map((field) => field.name) ?? [];

/**
 * Where the form keeps a contract field under another name: `{ qualificationFileIds:
 * 'qualificationFiles' }` (the upload holds files, the contract sends their ids).
 */
export type FormNames = Record<string, string>;

const renamed = (path: string, names: FormNames) => {
  const [head = path, ...rest] = path.split('.');
  const name = names[head];
  return name === undefined ? path : [name, ...rest].join('.');
};

/** Paints each field's first message; answers whether any field got one. */
function setFieldMessages(form: FieldErrorTarget, messages: [string, string][], names: FormNames) {
  const registered = registeredNames(form);
  const byField = new Map<string, { name: string | NamePath; message: string }>();
  for (const [path, message] of messages) {
    const name = formNameOf(renamed(path, names), registered);
    const key = String(name);
    if (!byField.has(key)) byField.set(key, { name, message });
  }
  form.setFields([...byField.values()].map(({ name, message }) => ({ name, errors: [message] })));
  if (byField.size > 0) focusFirstError(form);
  return byField.size > 0;
}

/**
 * The element a field's control is drawn in, to order fields as they read on the screen. A
 * control's ref may be a Proxy of its element (antd's Select): `instanceof` believes it, the DOM
 * does not, so its `nativeElement` is asked for first.
 */
function elementOf(form: FieldErrorTarget, name: NamePath): Element | null {
  const instance = form.getFieldInstance?.(name) as
    { nativeElement?: unknown; input?: unknown } | null | undefined;
  const node = instance?.nativeElement ?? instance?.input ?? instance;
  return node instanceof Element ? node : null;
}

/** Whether `a` comes before `b` on the page; null when the DOM cannot tell. */
function precedes(a: Element, b: Element): boolean | null {
  try {
    return Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
  } catch {
    return null;
  }
}

/**
 * Brings the first field that shows an error (the one highest on the screen) into view and puts
 * the cursor in it: inside a dialog's own scrolling body too. Forms without antd's scrolling
 * (a test's stand-in) are left as they are.
 */
export function focusFirstError(form: FieldErrorTarget) {
  if (!form.getFieldsError || !form.scrollToField) return;
  const failing = form
    .getFieldsError()
    .filter((field) => field.errors.length > 0)
    .map((field) => field.name);
  // Registration order is drawing order, except a field that appeared later (邀请供应商).
  const placed = failing.map((name, index) => ({ name, index, element: elementOf(form, name) }));
  placed.sort((a, b) => {
    const before = a.element && b.element ? precedes(a.element, b.element) : null;
    return before === null ? a.index - b.index : before ? -1 : 1;
  });
  const first = placed[0];
  if (first) form.scrollToField(first.name, { block: 'center', focus: true });
}

/**
 * Checks the form's own rules; when one fails, brings the first failing field into view.
 * Answers the values, or null when something is wrong (the form shows what).
 */
export async function validateForm<V>(form: FormInstance<V>): Promise<V | null> {
  try {
    return await form.validateFields();
  } catch {
    focusFirstError(form);
    return null;
  }
}
/**
 * Validates the whole form with the contract schema before sending: answers the parsed values
 * (trimmed, coerced, defaults filled) or null after painting each failing field's message and
 * bringing the first into view.
 */
export function parseForm<S extends z.ZodType>(
  form: FieldErrorTarget,
  schema: S,
  values: object,
  names: FormNames = {},
): z.output<S> | null {
  // A cleared select answers null, which a nullable field keeps ("unbind"); the schema decides.
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const messages = result.error.issues.map(
    (issue) => [issue.path.map(String).join('.'), issue.message] as [string, string],
  );
  setFieldMessages(form, messages, names);
  return null;
}

/**
 * Paints the server's field errors (`data.fields`) beside their fields, whatever the code: a 400
 * (a rule) or a 409 (a name or code already taken), and brings the first into view. Answers
 * whether any were shown, so the caller knows the request failed for a reason the form explains.
 */
export function showServerFieldErrors(
  form: FieldErrorTarget,
  error: unknown,
  names: FormNames = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  return setFieldMessages(
    form,
    error.fieldList.map((f) => [f.field, f.message]),
    names,
  );
}
