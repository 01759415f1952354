import { describe, expect, it } from 'vitest';
import {
  containsPattern,
  indexLexemes,
  queryLexemes,
  searchTextOf,
  tsqueryLiteral,
} from './search-index.js';

describe('search index', () => {
  it('lower-cases and joins the parts with single spaces', () => {
    expect(searchTextOf(['110kV  变压器', null, 'ZB-2026-000001', ''])).toBe(
      '110kv 变压器 zb-2026-000001',
    );
  });

  it('indexes every character and adjacent pair, spaces dropped', () => {
    expect(indexLexemes('变压器 ab').sort()).toEqual(
      ['变', '压', '器', 'a', 'b', '变压', '压器', '器a', 'ab'].sort(),
    );
  });

  it('asks for one character or every pair', () => {
    expect(queryLexemes('变')).toEqual(['变']);
    expect(queryLexemes('变压')).toEqual(['变压']);
    expect(queryLexemes('变压器')).toEqual(['变压', '压器']);
    expect(queryLexemes('A B')).toEqual(['ab']);
    expect(queryLexemes('   ')).toEqual([]);
  });

  it('quotes lexemes so that input is never tsquery syntax', () => {
    expect(tsqueryLiteral(["a'", '\\&', '!('])).toBe("'a''' & '\\\\&' & '!('");
  });

  it('takes LIKE wildcards literally', () => {
    expect(containsPattern('50%_\\')).toBe('%50\\%\\_\\\\%');
  });
});
