import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { z } from 'zod';
import type { RouteContract } from '@tender/contracts';
import {
  hostileKey,
  hostileValue,
  isOptionalKey,
  shapeOf,
  validArbitrary,
  type Hints,
} from './arbitraries.js';

/** One generated request, before a caller's token is added. */
export interface FuzzRequest {
  kind: string;
  method: 'GET' | 'POST';
  /** Path and query string, already encoded. */
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  /** Every key the request names, so a refusal may name any of them. */
  keys: string[];
}

/** encodeURIComponent refuses lone surrogates; they go as the bytes a sloppy client sends. */
function encode(text: string) {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((c) => {
        try {
          return encodeURIComponent(c);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
}

/** A query object as a browser would send it: arrays as repeated keys, objects as JSON. */
function queryString(input: Record<string, unknown>) {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      const text =
        item === null ? '' : typeof item === 'object' ? JSON.stringify(item) : String(item);
      parts.push(`${encode(key)}=${encode(text)}`);
    }
  }
  return parts.join('&');
}

/** Objects built with own `__proto__` keys must be written by hand: JSON.stringify skips none. */
const json = (value: unknown) => JSON.stringify(value) ?? 'null';

/** Odd query strings no form produces. */
const RAW_QUERIES = [
  '__proto__=1',
  '__proto__[isAdmin]=true',
  'constructor[prototype][isAdmin]=true',
  'id=1&id=2',
  'id[]=1',
  'id=%00',
  'id=%ED%A0%80',
  'id=%E0%A4%A',
  'id=%',
  '=1',
  '&&&',
  `keyword=${'%E4%B8%AD'.repeat(20_000)}`,
  `${'a'.repeat(10_000)}=1`,
];

/** Whole bodies that are not the object the route expects. */
const RAW_BODIES: { kind: string; payload: string; contentType?: string }[] = [
  { kind: 'body-array', payload: '[{}]' },
  { kind: 'body-null', payload: 'null' },
  { kind: 'body-string', payload: '"text"' },
  { kind: 'body-number', payload: '12' },
  { kind: 'body-broken-json', payload: '{"a":' },
  { kind: 'body-proto', payload: '{"__proto__":{"isAdmin":true}}' },
  { kind: 'body-constructor', payload: '{"constructor":{"prototype":{"isAdmin":true}}}' },
  { kind: 'body-deep', payload: '['.repeat(5000) + ']'.repeat(5000) },
  { kind: 'body-deep-object', payload: '{"a":'.repeat(3000) + '1' + '}'.repeat(3000) },
  { kind: 'body-duplicate-keys', payload: '{"id":1,"id":"x"}' },
  { kind: 'body-lone-surrogate-escape', payload: '{"x":"\\ud800"}' },
  { kind: 'body-nul-escape', payload: '{"x":"\\u0000"}' },
  { kind: 'body-empty', payload: '' },
  { kind: 'body-text-plain', payload: 'id=1', contentType: 'text/plain' },
  { kind: 'body-form', payload: 'id=1&x=2', contentType: 'application/x-www-form-urlencoded' },
  { kind: 'body-bad-charset', payload: '{}', contentType: 'application/json; charset=utf-7' },
];

function multipartBody(fileName: string, bytes: Buffer, field = 'file') {
  const boundary = `----fuzz${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const multipart = fc
  .record({
    name: fc.oneof(
      fc.constantFrom(
        'a.pdf',
        '../../etc/passwd.pdf',
        'a\u0000.pdf',
        'x.exe',
        '.pdf',
        'évil\u202egpj.pdf',
        `${'长'.repeat(300)}.pdf`,
        'a.PDF',
        'a"b.pdf',
      ),
      fc.string({ maxLength: 30 }),
    ),
    bytes: fc.oneof(
      fc.constant(PDF),
      fc.constant(Buffer.alloc(0)),
      fc.uint8Array({ maxLength: 2000 }).map((a) => Buffer.from(a)),
    ),
    field: fc.constantFrom('file', 'file', 'other'),
  })
  .map(({ name, bytes, field }) => multipartBody(name, bytes, field));

/** The input of the route: GET routes read their query, POST routes their body (login both). */
function inputSchema(contract: RouteContract): z.ZodType | undefined {
  return contract.method === 'GET' ? contract.query : (contract.body ?? contract.query);
}

const ACCEPT_TRIES = 10;

/** Candidates the contract's own schema accepts (refinements included), or any on failure. */
function validInput(contract: RouteContract, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const schema = inputSchema(contract);
  if (!schema) return fc.constant({});
  const base = validArbitrary(schema, hints).map((v) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {},
  );
  // Most candidates should pass the schema, so the services' own rules get exercised too. Not a
  // fc filter: a refinement the generator rarely meets (a key of exactly 32 bytes in base64)
  // would make it draw forever; of a few candidates the first accepted one goes, else any.
  const accepted = fc
    .array(base, { minLength: ACCEPT_TRIES, maxLength: ACCEPT_TRIES })
    .map((candidates) => candidates.find((v) => accepts(schema, contract, v)) ?? candidates[0]!);
  return fc.oneof({ weight: 3, arbitrary: accepted }, { weight: 1, arbitrary: base });
}

function accepts(schema: z.ZodType, contract: RouteContract, value: unknown) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  // A query arrives as text: check what the server will see.
  const sent =
    contract.method === 'GET' || !contract.body
      ? Object.fromEntries(
          Object.entries(value)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, Array.isArray(v) ? v.map(String) : v === null ? '' : String(v)]),
        )
      : value;
  return schema.safeParse(sent).success;
}

/** Every kind of request for one route, weighted so that valid calls stay a large share. */
export function requestArbitrary(contract: RouteContract, hints: Hints): fc.Arbitrary<FuzzRequest> {
  const shape = shapeOf(inputSchema(contract)) ?? {};
  const keys = Object.keys(shape);
  const required = keys.filter((k) => !isOptionalKey(shape[k]!));
  const base = validInput(contract, hints);
  const isGet = contract.method === 'GET';
  // A POST route without a body schema (the upload) reads its parameters from the query.
  const inQuery = isGet || !contract.body;

  const build = (kind: string, input: Record<string, unknown>): FuzzRequest => {
    const sentKeys = Object.keys(input);
    if (inQuery) {
      const query = queryString(input);
      const url = query ? `${contract.path}?${query}` : contract.path;
      if (isGet) return { kind, method: 'GET', url, keys: sentKeys };
      return { kind, method: 'POST', url, ...multipartBody('fuzz.pdf', PDF), keys: sentKeys };
    }
    // Login takes both: its fields go in the body, which wins.
    return {
      kind,
      method: 'POST',
      url: contract.path,
      payload: json(input),
      contentType: 'application/json',
      keys: sentKeys,
    };
  };

  const kinds: fc.WeightedArbitrary<FuzzRequest>[] = [
    { weight: 6, arbitrary: base.map((input) => build('valid', input)) },
    {
      weight: 5,
      arbitrary: fc
        .tuple(base, keys.length ? fc.constantFrom(...keys) : fc.constant('x'), hostileValue)
        .map(([input, key, value]) => build(`break:${key}`, { ...input, [key]: value })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(base, hostileKey, hostileValue).map(([input, key, value]) => {
        // Assigning `__proto__` would set the prototype; define it as an own key instead.
        const copy = { ...input };
        Object.defineProperty(copy, key, {
          value,
          enumerable: true,
          configurable: true,
          writable: true,
        });
        return build(`extra:${key.slice(0, 20)}`, copy);
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(base, hostileValue)
        .map(([input, value]) =>
          build(
            'all-fields-hostile',
            Object.fromEntries(Object.keys(input).map((k) => [k, value])),
          ),
        ),
    },
  ];
  if (required.length)
    kinds.push({
      weight: 2,
      arbitrary: fc.tuple(base, fc.constantFrom(...required)).map(([input, key]) => {
        const copy = { ...input };
        delete copy[key];
        return build(`missing:${key}`, copy);
      }),
    });
  if (inQuery)
    kinds.push({
      weight: 2,
      arbitrary: fc.constantFrom(...RAW_QUERIES).map((query) => ({
        kind: `raw-query:${query.slice(0, 24)}`,
        method: contract.method,
        url: `${contract.path}?${query}`,
        keys: [...keys, query.split('=')[0]!.slice(0, 50)],
      })),
    });
  if (!isGet)
    kinds.push(
      {
        weight: 2,
        arbitrary: fc.constantFrom(...RAW_BODIES).map((body) => ({
          kind: body.kind,
          method: 'POST' as const,
          url: contract.path,
          payload: body.payload,
          contentType: body.contentType ?? 'application/json',
          keys,
        })),
      },
      {
        weight: contract.body ? 1 : 4,
        arbitrary: multipart.map((body) => ({
          kind: 'multipart',
          method: 'POST' as const,
          url: contract.path,
          ...body,
          keys: [...keys, 'file'],
        })),
      },
    );
  return fc.oneof(...kinds);
}
