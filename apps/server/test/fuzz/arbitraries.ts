import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries read from a contract's zod 4 schema: values the schema probably
 * accepts (bounds, patterns, enums, optional keys), and hostile values to break them with.
 * Refinements cannot be read from a schema, so "valid" is a best effort: the caller keeps the
 * candidates the schema itself accepts.
 */

/** What the generator knows about the database: ids and codes that exist, to get past lookups. */
export interface Hints {
  ids: number[];
  codes: string[];
}

/** zod 4 keeps its definition under `_zod.def`; only the parts read here are typed. */
interface Def {
  type: string;
  coerce?: boolean;
  checks?: { _zod: { def: CheckDef } }[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  in?: z.ZodType;
  out?: z.ZodType;
  getter?: () => z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  valueType?: z.ZodType;
  format?: string;
  pattern?: RegExp;
}
interface CheckDef {
  check: string;
  minimum?: number;
  maximum?: number;
  value?: number;
  inclusive?: boolean;
  format?: string;
  pattern?: RegExp;
}

export const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;
/** True when an object may leave this key out (optional, default, a preprocess to optional). */
export const isOptionalKey = (schema: z.ZodType) =>
  (schema as unknown as { _zod: { optin?: string } })._zod.optin === 'optional';

/** The object shape behind wrappers (optional, nullable, pipes), or undefined. */
export function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> | undefined {
  if (!schema) return undefined;
  const def = defOf(schema);
  if (def.type === 'object') return def.shape;
  if (def.innerType) return shapeOf(def.innerType);
  if (def.type === 'pipe') return shapeOf(def.in!) ?? shapeOf(def.out!);
  return undefined;
}

const checksOf = (def: Def) => (def.checks ?? []).map((c) => c._zod.def);

/** Strings a real client sends for fields whose rule is a refinement (dates, e-mail, phone …). */
function hintedStrings(name: string, hints: Hints): fc.Arbitrary<string>[] {
  const day = 86400_000;
  const futureDate = fc
    .integer({ min: 1, max: 400 })
    .map((days) => new Date(Date.now() + days * day).toISOString());
  const pool: fc.Arbitrary<string>[] = [];
  if (/date|deadline|At$|from|until|time/i.test(name)) pool.push(futureDate);
  if (/email/i.test(name)) pool.push(fc.constantFrom('a@example.cn', 'bid.der@example.com'));
  if (/phone/i.test(name)) pool.push(fc.constantFrom('13800001111', '010-12345678'));
  if (/password/i.test(name)) pool.push(fc.constantFrom('Tender2026x', 'Abcdefg123'));
  if (/price|budget|amount|ceiling/i.test(name)) pool.push(fc.constantFrom('1000.50', '88'));
  if (/creditCode/i.test(name)) pool.push(fc.constantFrom('91110000100000000X'));
  if (hints.codes.length) pool.push(fc.constantFrom(...hints.codes));
  return pool;
}

/** The contracts' base64 rule (`base64Of` in the bid contract). */
const BASE64_PATTERN = /^[A-Za-z0-9+/]*={0,2}$/.source;

function stringArbitrary(def: Def, name: string, hints: Hints): fc.Arbitrary<string> {
  let minLength = 0;
  let maxLength = 60;
  const patterns: RegExp[] = [];
  if (def.pattern) patterns.push(def.pattern);
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') minLength = check.minimum ?? 0;
    if (check.check === 'max_length') maxLength = Math.min(check.maximum ?? 60, 60);
    if (check.check === 'length_equals') minLength = maxLength = check.value ?? 0;
    if (check.check === 'string_format' && check.pattern) patterns.push(check.pattern);
  }
  if (def.format === 'email' || /email/i.test(name))
    return fc.emailAddress().filter((v) => v.length <= maxLength);
  maxLength = Math.max(minLength, maxLength);
  const fits = (v: string) => v.trim().length >= minLength && v.length <= maxLength;
  // Base64 fields (keys, IVs, salts, ciphertext): real byte lengths, which a refinement checks.
  if (patterns.some((p) => p.source === BASE64_PATTERN))
    return fc
      .oneof(
        fc.constantFrom(12, 16, 32, 48).chain((n) => fc.uint8Array({ minLength: n, maxLength: n })),
        fc.uint8Array({ minLength: 1, maxLength: 45 }),
      )
      .map((bytes) => Buffer.from(bytes).toString('base64'));
  if (patterns.length)
    return fc
      .stringMatching(patterns[0]!)
      .filter((v) => fits(v) && patterns.every((p) => p.test(v)));
  const random = fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
  );
  const hinted = hintedStrings(name, hints).map((a) => a.filter(fits));
  return hinted.length ? fc.oneof(random, ...hinted) : random;
}

function numberArbitrary(def: Def, name: string, hints: Hints): fc.Arbitrary<number> {
  let min = -1e9;
  let max = 1e9;
  let integer = false;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than')
      min = Math.max(min, (check.value ?? min) + (check.inclusive ? 0 : integer ? 1 : 1e-6));
    if (check.check === 'less_than')
      max = Math.min(max, (check.value ?? max) - (check.inclusive ? 0 : integer ? 1 : 1e-6));
    if (check.check === 'number_format' && /int/.test(check.format ?? '')) integer = true;
  }
  if (integer) {
    min = Math.ceil(min);
    max = Math.floor(max);
  }
  if (min > max) return fc.constant(min);
  const inRange = integer
    ? fc.integer({ min, max })
    : fc
        .double({ min, max, noNaN: true, noDefaultInfinity: true })
        .map((v) => Math.round(v * 100) / 100);
  // Ids that exist get past "not found" into the service's own rules.
  const known = hints.ids.filter((v) => v >= min && v <= max);
  const small = fc.integer({ min: Math.max(min, 1), max: Math.max(Math.min(max, 60), min) });
  return /id$/i.test(name) && known.length
    ? fc.oneof(fc.constantFrom(...known), small, inRange)
    : fc.oneof(small, inRange);
}

/** A value the schema probably accepts. `name` is the field's key, for hints. */
export function validArbitrary(schema: z.ZodType, hints: Hints, name = ''): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def, name, hints);
    case 'number':
    case 'int':
      return numberArbitrary(def, name, hints);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? { x: 'x' }));
    case 'literal':
      return fc.constantFrom(...(def.values ?? [null]));
    case 'object': {
      const shape = def.shape ?? {};
      const keys = Object.keys(shape);
      return fc.record(
        Object.fromEntries(keys.map((k) => [k, validArbitrary(shape[k]!, hints, k)])),
        { requiredKeys: keys.filter((k) => !isOptionalKey(shape[k]!)) },
      );
    }
    case 'array': {
      let minLength = 0;
      let maxLength = 4;
      for (const check of checksOf(def)) {
        if (check.check === 'min_length') minLength = check.minimum ?? 0;
        if (check.check === 'max_length') maxLength = Math.min(check.maximum ?? 4, 4);
      }
      return fc.array(validArbitrary(def.element!, hints, name), {
        minLength,
        maxLength: Math.max(minLength, maxLength),
      });
    }
    case 'optional':
      return fc.oneof(fc.constant(undefined), validArbitrary(def.innerType!, hints, name));
    case 'nullable':
      return fc.oneof(fc.constant(null), validArbitrary(def.innerType!, hints, name));
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return validArbitrary(def.innerType!, hints, name);
    case 'union':
      return fc.oneof(...(def.options ?? []).map((o) => validArbitrary(o, hints, name)));
    case 'pipe':
      // A preprocess is a pipe from a transform: what it finally checks is the output side.
      return defOf(def.in!).type === 'transform'
        ? validArbitrary(def.out!, hints, name)
        : validArbitrary(def.in!, hints, name);
    case 'lazy':
      return validArbitrary(def.getter!(), hints, name);
    case 'intersection':
      return fc
        .tuple(validArbitrary(def.left!, hints, name), validArbitrary(def.right!, hints, name))
        .map(([a, b]) => ({ ...(a as object), ...(b as object) }));
    case 'record':
      return fc.dictionary(fc.string({ maxLength: 10 }), validArbitrary(def.valueType!, hints));
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Kept apart so that no generated value looks like a leak to the reply checks. */
const INJECTION = [
  "' OR '1'='1",
  '1; DROP TABLE users--',
  "1' AND SLEEP(5)--",
  '" OR ""="',
  '%27%20OR%201=1',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '\\\\server\\share',
];

/** Hostile values: wrong types, limits, odd text. Each is sent in place of a field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  // Wrong types.
  fc.constantFrom(null, true, false, {}, [], [1, 2], { a: 1 }, [{}], ''),
  // Numbers at the limits, and their text.
  fc.constantFrom(
    Number.MAX_SAFE_INTEGER,
    Number.MIN_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    -0,
    0,
    -1,
    0.1,
    1.5,
    1e308,
    -1e308,
    5e-324,
    2_147_483_647,
    2_147_483_648,
    -2_147_483_649,
    'NaN',
    'Infinity',
    '-Infinity',
    '1e308',
    '-0',
    '0x10',
    ' 1 ',
    '1e3',
    '9'.repeat(400),
  ),
  // Text: NUL and control characters, lone surrogates, bidi marks, huge strings.
  fc.constantFrom(
    'a\u0000b',
    '\u0000',
    '\u001b[31m',
    '\ud800',
    'x\udfffy',
    '\u202eevil',
    '\ufeff',
    '𠜎𠜱🀄️',
    ' ',
    'true',
    'null',
    'undefined',
    '__proto__',
    'constructor',
    ...INJECTION,
  ),
  fc.constantFrom('x', '中', '𠜎').map((c) => c.repeat(100_000)),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.jsonValue({ maxDepth: 3 }),
  // Nested hostile keys.
  fc.constant(JSON.parse('{"__proto__":{"isAdmin":true}}') as unknown),
  fc.constant({ constructor: { prototype: { isAdmin: true } } }),
);

/** Keys a client should not be able to slip in. */
export const hostileKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'isAdmin',
    'roleId',
    'userId',
    'createdBy',
    'status',
    'id',
    'a\u0000b',
    '\ud800',
    '',
    ' ',
    'x'.repeat(5000),
  ),
  fc.string({ minLength: 1, maxLength: 20 }),
);
