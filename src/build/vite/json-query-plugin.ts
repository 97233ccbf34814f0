/**
 * A Vite plugin for imports of a JSON schema file with a query (`/schemas/forms/login.json?validator`): the
 * module such an import yields is generated from the parsed file, and regenerated whenever the file changes.
 * The validator and page-kind plugins are two such generators.
 */
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

export interface JsonQueryPlugin {
  name: string;
  /** `?validator`, `?kind`. */
  query: string;
  /** The module's code from the parsed file; `fail` stops the build naming the file. */
  generate(parsed: Record<string, unknown>, file: string, fail: (message: string) => never): string;
}

export function jsonQueryPlugin({ name, query, generate }: JsonQueryPlugin): Plugin {
  return {
    name,
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(query)) return null;
      const resolved = await this.resolve(source.slice(0, -query.length), importer, { skipSelf: true });
      return resolved ? `\0${resolved.id}${query}` : null;
    },
    async load(id) {
      if (!id.startsWith('\0') || !id.endsWith(query)) return null;
      const file = id.slice(1, -query.length);
      this.addWatchFile(file);
      const parsed = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      return generate(parsed, file, (message) => this.error(message));
    },
  };
}
