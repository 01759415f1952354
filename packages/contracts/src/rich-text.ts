/**
 * What stored rich text (a tender's description, an announcement's content) may hold: what the
 * web's editor produces — Tiptap's StarterKit with headings 2 to 4, and links — and the tables
 * of generated announcements. The server sanitises to this list before storing; the web
 * sanitises to it again before drawing, so what the editor wrote survives both.
 */
export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'code',
  'pre',
  'blockquote',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'hr',
  'a',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
] as const;

/** The headings the editor offers: the page's own title is the h1. */
export const RICH_TEXT_HEADING_LEVELS = [2, 3, 4] as const;

/** The attributes each tag keeps; every other attribute (on*, style, class…) is dropped. */
export const RICH_TEXT_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'rel'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};
