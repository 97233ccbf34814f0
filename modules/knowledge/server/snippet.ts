/**
 * The few lines of an article a search result shows: the stretch of its text around the first word found, the
 * words found marked. The text is escaped here and only <mark> is added, so the list may show it as HTML.
 */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Plain text of stored (sanitized) rich text: tags become breaks, entities their characters. */
export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li|\/h[1-6]|\/tr)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim();
}

/** At most `length` characters of `text` around the first of `terms` it holds, each term marked. */
export function snippet(text: string, terms: readonly string[], length = 110): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const wanted = [...new Set(terms.filter((term) => term !== ''))].sort((a, b) => b.length - a.length);
  const pattern = wanted.length > 0 ? new RegExp(wanted.map(escapeRegExp).join('|'), 'gi') : null;
  const first = pattern ? flat.search(pattern) : -1;
  // Some context before the first hit, but never so much that the hit falls off the end.
  const start = first <= 0 ? 0 : Math.max(0, Math.min(first - 24, flat.length - length));
  const part = flat.slice(start, start + length);
  const before = start > 0 ? '…' : '';
  const after = start + length < flat.length ? '…' : '';
  if (!pattern || first < 0) return escapeHtml(`${before}${part}${after}`);
  let html = '';
  let at = 0;
  for (const match of part.matchAll(pattern)) {
    const index = match.index ?? 0;
    html += `${escapeHtml(part.slice(at, index))}<mark>${escapeHtml(match[0])}</mark>`;
    at = index + match[0].length;
  }
  return `${before}${html}${escapeHtml(part.slice(at))}${after}`;
}
