import { z } from 'zod';
import { fieldLabel } from './field-labels.js';
import { formatAmount } from './format.js';
import {
  CONTROL_CHARACTERS,
  CONTROL_CHARACTERS_MESSAGE,
  HAS_DIGIT,
  HAS_LETTER,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MESSAGES,
  PASSWORD_MIN_LENGTH,
} from './password.js';

/** Shared field rules: one definition each, used by the server and by the forms. */

/** The largest id a PostgreSQL `integer` column holds. */
export const MAX_ID = 2_147_483_647;

/**
 * An id, in a body as a number or in a query string as digits. An empty value is a missing one
 * (`id=` said "必须大于 0" when it was read as the number 0). Messages name what the id refers
 * to in Chinese (招标项目 ID 必须是数字), from FIELD_LABELS unless `label` is given.
 */
export const id = (field: string, label = fieldLabel(field) ?? '记录') =>
  z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() ? Number(value) : undefined) : value),
    z
      .number({
        error: (issue) =>
          issue.input === undefined ? `${label}不能为空` : `${label} ID 必须是数字`,
      })
      .int(`${label} ID 必须是整数`)
      .positive(`${label} ID 必须大于 0`)
      .max(MAX_ID, `${label} ID 超出范围`),
  );

export const withoutControlCharacters = (text: z.ZodString) =>
  text.refine((v) => !CONTROL_CHARACTERS.test(v), CONTROL_CHARACTERS_MESSAGE);

export const requiredText = (field: string, label: string, max: number) =>
  withoutControlCharacters(
    z
      .string({ error: `${label}不能为空` })
      .trim()
      .min(1, `${label}不能为空`)
      .max(max, `${label}最多 ${max} 个字符`),
  ).describe(field);

export const optionalText = (label: string, max: number) =>
  withoutControlCharacters(z.string().trim().max(max, `${label}最多 ${max} 个字符`)).optional();

export const username = z
  .string({ error: '用户名不能为空' })
  .trim()
  .min(2, '用户名至少 2 个字符')
  .max(50, '用户名最多 50 个字符')
  .regex(/^[A-Za-z0-9_.@-]+$/, '用户名只能包含字母、数字和 _ . @ -');

/**
 * Password policy (API.md; password.ts states it whole): 8–64 characters with letters and digits.
 * The username and common-password checks need more than the field, so the server adds them.
 */
export const newPassword = z
  .string({ error: PASSWORD_MESSAGES.empty })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong)
  .regex(HAS_LETTER, PASSWORD_MESSAGES.noLetter)
  .regex(HAS_DIGIT, PASSWORD_MESSAGES.noDigit)
  .refine((v) => !CONTROL_CHARACTERS.test(v), CONTROL_CHARACTERS_MESSAGE);

export const phone = z
  .string()
  .trim()
  .regex(/^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/, '电话号码格式不正确（手机号或带区号的固定电话）');

export const email = z.string().trim().max(100, '邮箱最多 100 个字符').email('邮箱格式不正确');

/** An optional text field that a form may send as an empty string meaning "none". */
export const emptyToNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' ? null : v), schema.nullable().optional());

export const status = z.enum(['enabled', 'disabled'], {
  error: '状态只能是 enabled（启用）或 disabled（停用）',
});
export type Status = z.infer<typeof status>;

/** Query-string booleans: "true"/"1" and "false"/"0". */
export const queryBoolean = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean({ error: '必须是 true 或 false' }),
);

/** A calendar date the database can hold: no Feb 30 rolled into March, no year 275760. */
function isCalendarDateTime(text: string) {
  const time = Date.parse(text);
  if (Number.isNaN(time)) return false;
  const date = new Date(time);
  const year = date.getUTCFullYear();
  if (year < 1900 || year > 9999) return false;
  const written = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  if (!written) return true;
  const [, y, m, d] = written.map(Number) as [number, number, number, number];
  // Compare with the date as written (in UTC and, for a local offset, ±1 day).
  const asWritten = new Date(Date.UTC(y, m - 1, d));
  return (
    asWritten.getUTCFullYear() === y &&
    asWritten.getUTCMonth() === m - 1 &&
    asWritten.getUTCDate() === d
  );
}

/** An ISO 8601 date or date-time (with or without offset) within the calendar. */
export const isoDateTime = (field: string, label = fieldLabel(field) ?? '时间') =>
  z
    .string({ error: `${label}必须是日期时间` })
    .trim()
    .max(40, `${label}格式不正确（ISO 8601）`)
    .refine(isCalendarDateTime, `${label}不是有效的日期时间（ISO 8601，1900–9999 年）`);

/** The largest amount a numeric(18,2) column holds exactly as a JavaScript number. */
export const MAX_AMOUNT = 9_999_999_999_999.99;

/**
 * A money amount in yuan: above zero, at most two decimals. Accepts a number or its text
 * (forms send text); answers a number.
 */
export const amount = (field: string, label: string) =>
  z
    .union([z.number(), z.string().trim()], { error: `${label}必须是数字` })
    .transform((v) => (typeof v === 'number' ? String(v) : v))
    .refine((v) => /^\d+(\.\d+)?$/.test(v), `${label}必须是数字`)
    .refine((v) => /^\d+(\.\d{1,2})?$/.test(v), `${label}最多两位小数`)
    .transform(Number)
    .refine((v) => v > 0, `${label}必须大于 0`)
    .refine((v) => v <= MAX_AMOUNT, `${label}不能超过 ${formatAmount(MAX_AMOUNT)}`)
    .describe(field);

/** A whole number within bounds, from a body's number or a query's digits, named in each message. */
export const intIn = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .min(min, `${label}最小为 ${min}`)
    .max(max, `${label}最大为 ${max}`);

/** A yes/no filter in a query string (`true` / `false`). */
export const queryFlag = (label: string) =>
  z
    .enum(['true', 'false'], { error: `${label}只能是 true 或 false` })
    .transform((v) => v === 'true');
