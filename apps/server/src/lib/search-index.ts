import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { tenders } from '../db/schema/index.js';

/**
 * Substring search that every keyword length answers from a GIN index, the same on PGlite and
 * PostgreSQL (no tokenizer extension): the vector holds every character and every pair of
 * adjacent characters of the lower-cased text (spaces dropped); a keyword becomes its one
 * character, or the AND of its pairs; a LIKE over the stored text then removes the rows whose
 * pairs were all present but not adjacent, so the answer is exactly that of a plain LIKE.
 */

/** The text the search matches: lower-case, one space between words. */
export function searchTextOf(parts: (string | null | undefined)[]) {
  return parts
    .filter((part): part is string => Boolean(part))
    .join(' ')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const charsOf = (text: string) => Array.from(text.toLowerCase().replace(/\s+/g, ''));

/** Every character and every pair of adjacent characters, each once. */
export function indexLexemes(searchText: string) {
  const chars = charsOf(searchText);
  const lexemes = new Set<string>(chars);
  for (let i = 0; i + 1 < chars.length; i++) lexemes.add(chars[i]! + chars[i + 1]!);
  return [...lexemes];
}

/** What a keyword needs in the vector: its one character, or each of its pairs. */
export function queryLexemes(keyword: string) {
  const chars = charsOf(keyword);
  if (chars.length <= 1) return chars;
  const pairs = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) pairs.add(chars[i]! + chars[i + 1]!);
  return [...pairs];
}

/** A tsquery literal: each lexeme quoted, quotes and backslashes escaped, so no input is syntax. */
export function tsqueryLiteral(lexemes: string[]) {
  return lexemes.map((l) => `'${l.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' & ');
}

/** The vector of a text, built by the database from a JSON array parameter. */
export function searchVectorSql(searchText: string): SQL {
  const json = JSON.stringify(indexLexemes(searchText));
  return sql`array_to_tsvector(array(select jsonb_array_elements_text(${json}::jsonb)))`;
}

/** `%kw%` with the LIKE wildcards and the escape character taken literally. */
export const containsPattern = (keyword: string) =>
  `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The condition for a keyword: the index narrows, the LIKE decides. undefined for an empty
 * keyword (no condition). `columns` names another table's search columns (announcements).
 * `useIndex: false` leaves the vector out, for rows already narrowed otherwise (a bounded walk
 * of the newest tenders), where matching each row's vector would only cost time.
 */
export function keywordCondition(
  keyword: string | undefined,
  columns: { vector: AnyColumn; text: AnyColumn } = {
    vector: tenders.searchVector,
    text: tenders.searchText,
  },
  { useIndex = true } = {},
): SQL | undefined {
  const values = keywordValues(keyword);
  if (!values) return undefined;
  const like = sql`${columns.text} like ${values.like} escape '\\'`;
  if (!useIndex) return like;
  return sql`(${columns.vector} @@ ${values.tsquery}::tsquery and ${like})`;
}

/**
 * What keywordCondition compares with (a tsquery literal and a LIKE pattern), for a prepared
 * statement's placeholders; undefined for an empty keyword.
 */
export function keywordValues(keyword: string | undefined) {
  const text = (keyword ?? '').toLowerCase().replace(/\s+/g, ' ').trim();
  const lexemes = queryLexemes(text);
  if (!text || !lexemes.length) return undefined;
  return { tsquery: tsqueryLiteral(lexemes), like: containsPattern(text) };
}
