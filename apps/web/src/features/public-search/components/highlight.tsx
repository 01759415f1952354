import type { ReactNode } from 'react';

/** The search's words: split on white space, longest first so "变压器" wins over "变压". */
export function keywordTerms(keyword: string): string[] {
  const terms = keyword
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((t) => t.toLowerCase());
  return [...new Set(terms)].sort((a, b) => b.length - a.length);
}

/**
 * The text with every occurrence of the keyword's words wrapped in <mark>, as React nodes: the
 * text is never parsed as HTML, so a title holding markup shows it literally.
 */
export function highlight(text: string, keyword: string): ReactNode[] {
  const terms = keywordTerms(keyword);
  if (!terms.length || !text) return [text];
  const lower = text.toLowerCase();
  const nodes: ReactNode[] = [];
  let plainFrom = 0;
  let i = 0;
  while (i < text.length) {
    const term = terms.find((t) => lower.startsWith(t, i));
    if (!term) {
      i += 1;
      continue;
    }
    if (plainFrom < i) nodes.push(text.slice(plainFrom, i));
    nodes.push(
      <mark key={i} className="search-hit">
        {text.slice(i, i + term.length)}
      </mark>,
    );
    i += term.length;
    plainFrom = i;
  }
  if (plainFrom < text.length) nodes.push(text.slice(plainFrom));
  return nodes;
}

export function Highlight({ text, keyword }: { text: string; keyword: string }) {
  return <>{highlight(text, keyword)}</>;
}
