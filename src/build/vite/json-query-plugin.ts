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

/**
 * The dev server takes a module whose id ends in `.json` (before its query) for JSON and leaves its imports as they
 * are, bare, for the browser to fail on (`ajv/dist/runtime/ucs2length`): there a generated module's id ends in `.js`.
 * The build keeps the file's own id, which names the module's chunk and is how the build finds a form's chunks
 * (layout-page-plugin.ts).
 */
const DEV_SERVER_ID_SUFFIX = '.js';

export function jsonQueryPlugin({ name, query, generate }: JsonQueryPlugin): Plugin {
  let idSuffix = '';
  return {
    name,
    enforce: 'pre',
    configResolved(config) {
      if (config.command === 'serve') idSuffix = DEV_SERVER_ID_SUFFIX;
    },
    async resolveId(source, importer) {
      if (!source.endsWith(query)) return null;
      const resolved = await this.resolve(source.slice(0, -query.length), importer, { skipSelf: true });
      return resolved ? `\0${resolved.id}${idSuffix}${query}` : null;
    },
    async load(id) {
      if (!id.startsWith('\0') || !id.endsWith(query)) return null;
      const file = id.slice(1, -(idSuffix.length + query.length));
      this.addWatchFile(file);
      const parsed = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
      return generate(parsed, file, (message) => this.error(message));
    },
  };
}
