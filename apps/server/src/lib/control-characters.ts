import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE } from '@tender/contracts';
import { Invalid } from './errors.js';

/**
 * Every string a client sends, at any depth, is refused when it holds a NUL or another control
 * character: PostgreSQL cannot store NUL in text (it answered 500), and none belongs in a name,
 * a code or a note. Tabs and line breaks stay allowed for multi-line text.
 */
export function rejectControlCharacters(value: unknown, where: 'query' | 'body') {
  const found = findControlCharacter(value, []);
  if (found) throw new Invalid(found || where, CONTROL_CHARACTERS_MESSAGE);
}

function findControlCharacter(value: unknown, path: string[]): string | undefined {
  if (typeof value === 'string') return CONTROL_CHARACTERS.test(value) ? path.join('.') : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL_CHARACTERS.test(key)) return [...path, '(字段名)'].join('.');
    const found = findControlCharacter(item, [...path, key]);
    if (found !== undefined) return found;
  }
  return undefined;
}
