import { useMemo } from 'react';
import DOMPurify from 'dompurify';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '@tender/contracts/rich-text';
// The reading styles (paragraph spacing, tables) load with the text, not only with the editor.
import './rich-text.css';

// The contract's list, as the server stores with: what the editor writes, and announcement tables.
const ALLOWED_TAGS = [...RICH_TEXT_TAGS];
const ALLOWED_ATTR = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];

/** Sanitises stored HTML (the server already did; this is the second line). */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
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
