import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '@tender/contracts';

/**
 * What a tender description (rich text from the editor) may contain: the contract's list, which
 * the web draws with. Everything else — scripts, styles, `on*` attributes, `javascript:` links,
 * images from elsewhere — is dropped before the text is stored, so every screen can render it.
 */
const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, names]) => [tag, [...names]]),
  ),
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A link opening a new tab never hands the opener to the linked page.
    a: (tagName, attribs) => ({
      tagName,
      attribs:
        attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : { ...attribs },
    }),
  },
};

export function sanitizeRichText(html: string) {
  return sanitizeHtml(html, RICH_TEXT).trim();
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

const BLOCK_TAG = /<\/?(p|br|li|h[1-6]|td|th|tr|div|blockquote|ul|ol|table|caption)\b[^>]*>/gi;

/** The text of (sanitised) HTML, for search and exports: tags become spaces, entities characters. */
export function richTextToPlain(html: string) {
  // Block boundaries become spaces; inline tags (strong, a …) join their text as it reads.
  const spaced = html.replace(BLOCK_TAG, ' $&');
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#') && name !== '#39')
        return String.fromCodePoint(Number(name.slice(1)));
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}
