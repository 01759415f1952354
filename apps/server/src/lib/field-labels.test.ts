import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contracts from '@tender/contracts';
import {
  fieldLabel,
  messageForPeople,
  unknownFieldMessage,
  type RouteContract,
} from '@tender/contracts';

/** Every route contract of the API, by name. */
const routes = Object.values(contracts)
  .filter((module) => typeof module === 'object' && !!module)
  .flatMap((module) => Object.entries(module as Record<string, unknown>))
  .filter(
    ([, value]) => !!value && typeof value === 'object' && 'path' in value && 'method' in value,
  )
  .map(([name, value]) => [name, value as RouteContract] as const);

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown) => (schema as { _zod?: { def: Def } })?._zod?.def;

/** The object schemas of a route's input, through optional/nullable/default/pipe wrappers. */
function objectsOf(schema: unknown): Record<string, z.ZodType>[] {
  const def = defOf(schema);
  if (!def) return [];
  if (def.type === 'object') return [def.shape as Record<string, z.ZodType>];
  for (const inner of ['innerType', 'in', 'schema']) if (def[inner]) return objectsOf(def[inner]);
  return [];
}

const WRONG_VALUES: unknown[] = [{ x: 1 }, '', -1, 1.5, 'x'.repeat(70_000), [1, 'a'], null];
const API_NAME_FIRST =
  /^[A-Za-z_][\w.[\]]*\s*[:：]|^[A-Za-z_][\w.]* (必须|不能|只能|最多|最少|至少|超出|最小|最大|格式|不是)/;

describe('field labels', () => {
  it('names every input field of every route in Chinese', () => {
    const unnamed = new Set<string>();
    for (const [name, route] of routes)
      for (const shape of [...objectsOf(route.query), ...objectsOf(route.body)])
        for (const field of Object.keys(shape))
          if (!fieldLabel(field)) unnamed.add(`${name}.${field}`);
    expect([...unnamed]).toEqual([]);
  });

  it('refuses every wrong value of every field in Chinese, never starting with an API name', () => {
    const problems = new Set<string>();
    let checked = 0;
    for (const [name, route] of routes)
      for (const schema of [route.query, route.body]) {
        for (const shape of objectsOf(schema))
          for (const field of Object.keys(shape))
            for (const value of WRONG_VALUES) {
              const result = (schema as z.ZodType).safeParse({ [field]: value });
              for (const issue of result.error?.issues ?? []) {
                const path = issue.path.join('.') || field;
                const shown = messageForPeople(path, issue.message);
                checked++;
                if (API_NAME_FIRST.test(issue.message) || !/\p{Script=Han}/u.test(shown))
                  problems.add(`${name} ${path}: ${issue.message}`);
              }
            }
      }
    expect(checked).toBeGreaterThan(500);
    expect([...problems]).toEqual([]);
  });

  it('puts the Chinese name before a message that lacks it, and only then', () => {
    expect(messageForPeople('totalPrice', '投标总价最多两位小数')).toBe('投标总价最多两位小数');
    expect(messageForPeople('remark', '不能包含控制字符（如 NUL）')).toBe(
      '备注：不能包含控制字符（如 NUL）',
    );
    expect(messageForPeople('candidates.1.reason', '无效输入')).toBe('理由：无效输入');
    expect(messageForPeople('sealed.iv', '无效输入')).toBe('投标密文：无效输入');
    expect(messageForPeople('flux', '不允许的字段「flux」')).toBe('不允许的字段「flux」');
  });

  it('puts no label before a field the route does not accept, even one with a name elsewhere', () => {
    expect(messageForPeople('totalPrice', unknownFieldMessage('totalPrice'))).toBe(
      '不允许的字段「totalPrice」（接口不接受此参数）',
    );
    expect(messageForPeople('sealed.remark', unknownFieldMessage('remark'))).toBe(
      '不允许的字段「remark」（接口不接受此参数）',
    );
  });
});
