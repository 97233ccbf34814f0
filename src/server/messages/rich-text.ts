/**
 * Notice bodies are HTML written in the browser's rich-text editor. They are cleaned here, on the server, before
 * they are stored: only formatting tags, no attributes but a link's href (http, https, mailto or an in-app path)
 * and a table cell's spans, no style, no script, no event handler. The page shows the stored HTML as is, so this
 * is the one place that keeps a notice from carrying script (the strict CSP is the second line).
 * sanitize-html (with the HTML and CSS parsers it brings) is loaded with the first notice, not at start.
 */
import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';
import { onFirstUse } from '../lib/first-use.js';

const sanitizer = onFirstUse(() => createRequire(import.meta.url)('sanitize-html') as typeof SanitizeHtml);

const ALLOWED_TAGS = [
  'p',
  'br',
  'div',
  'span',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'sub',
  'sup',
  'blockquote',
  'pre',
  'code',
  'h1',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'a',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

export function sanitizeRichText(html: string): string {
  const sanitizeHtml = sanitizer();
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ['href', 'target', 'rel'], td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    // Links leave the portal in a new tab without handing it window.opener.
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
    },
    allowedSchemesAppliedToAttributes: ['href'],
  }).trim();
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' };

/** The text of rich HTML, for a message's one-line content. */
export function plainText(html: string, maxLength = 120): string {
  const text = sanitizer()(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(lt|gt|quot|#39|amp);/g, (_, name: string) => ENTITIES[name])
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > maxLength ? `${text.slice(0, maxLength)}…` : text;
}
