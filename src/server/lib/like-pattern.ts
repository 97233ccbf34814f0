/** Escapes LIKE wildcards so user text matches literally (PostgreSQL's default escape is backslash). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
