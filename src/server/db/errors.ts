/** Recognises database errors that are the caller's fault, the same for PostgreSQL (pg) and PGlite. */

/** The constraint a unique violation (SQLSTATE 23505) broke, else undefined. */
export function uniqueViolation(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (code !== '23505') return undefined;
  return typeof constraint === 'string' ? constraint : '';
}
