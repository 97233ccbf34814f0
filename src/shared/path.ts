/** The value at a dot path ('data.dataList', 'office.name') of a JSON value; undefined when absent. */
export function pickPath(value: unknown, path?: string): unknown {
  if (!path) return value;
  let current = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
