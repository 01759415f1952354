import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE } from '@tender/contracts';
import { Invalid } from './errors.js';

/** No form sends more than a few levels; a deeper body is an attack on the walk below. */
export const MAX_INPUT_DEPTH = 32;

/**
 * Every string a client sends, at any depth, is refused when it holds a NUL or another control
 * character: PostgreSQL cannot store NUL in text (it answered 500), and none belongs in a name,
 * a code or a note. Tabs and line breaks stay allowed for multi-line text.
 *
 * The walk keeps its own stack: a recursive one overflowed (500) on a body nested 5,000 arrays
 * deep, found by the fuzz test.
 */
export function rejectControlCharacters(value: unknown, where: 'query' | 'body') {
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (pending.length) {
    const { value: item, path } = pending.pop()!;
    if (typeof item === 'string') {
      if (CONTROL_CHARACTERS.test(item))
        throw new Invalid(path.join('.') || where, CONTROL_CHARACTERS_MESSAGE);
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH)
      throw new Invalid(
        Array.isArray(value) ? where : (path[0] ?? where),
        `嵌套层级不能超过 ${MAX_INPUT_DEPTH} 层`,
      );
    for (const [key, child] of Object.entries(item)) {
      if (CONTROL_CHARACTERS.test(key))
        throw new Invalid([...path, '(字段名)'].join('.'), CONTROL_CHARACTERS_MESSAGE);
      pending.push({ value: child, path: [...path, key] });
    }
  }
}
