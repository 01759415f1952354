import { useMemo } from 'react';
import DOMPurify from 'dompurify';
// The reading styles (paragraph spacing, tables) load with the text, not only with the editor.
import './rich-text.css';

/** What stored rich text may hold: Tiptap's StarterKit output, links and simple tables. */
const ALLOWED_TAGS = [
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
  'h1',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'hr',
  'a',
  'span',
  // Announcements list their candidates in a table (the server allows the same tags).
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
];

/** Sanitises stored HTML (the server already did; this is the second line). */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: ['href', 'target', 'rel', 'colspan', 'rowspan'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|#|\/)/i,
    // Plain numbers: exempt from the URI pattern, which DOMPurify applies to other attributes.
    ADD_URI_SAFE_ATTR: ['colspan', 'rowspan'],
  });
}

// Links leave the site in a new tab without handing it the opener.
let hooked = false;
function hookLinks() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
}

/** Renders a stored rich-text description safely; empty shows `empty`. */
export function RichText({
  html,
  empty = '—',
}: {
  html: string | null | undefined;
  empty?: string;
}) {
  const clean = useMemo(() => {
    hookLinks();
    return html ? sanitizeHtml(html) : '';
  }, [html]);
  if (!clean.replace(/<[^>]*>/g, '').trim())
    return <span className="rich-text-empty">{empty}</span>;
  return <div className="rich-text" dangerouslySetInnerHTML={{ __html: clean }} />;
}
