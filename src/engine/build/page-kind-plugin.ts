/**
 * Vite plugin: `import summary from '/schemas/pages/user.json?kind'` yields only what routing needs of a page file,
 * `{ kind, detail?, tabs? }` (its kind, for a list the detail page its rows open, for tabs their pages), so the page registry knows every
 * page's kind (and the renderer code to start) without bundling the files.
 */
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'vite';

const QUERY = '?kind';

export function pageKindPlugin(): Plugin {
  return {
    name: 'portal-page-kinds',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(QUERY)) return null;
      const resolved = await this.resolve(source.slice(0, -QUERY.length), importer, { skipSelf: true });
      return resolved ? `\0${resolved.id}${QUERY}` : null;
    },
    async load(id) {
      if (!id.startsWith('\0') || !id.endsWith(QUERY)) return null;
      const file = id.slice(1, -QUERY.length);
      this.addWatchFile(file);
      const parsed = JSON.parse(await readFile(file, 'utf8')) as {
        kind?: unknown;
        detail?: { page?: unknown };
        tabs?: { page?: unknown }[];
      };
      if (typeof parsed.kind !== 'string') this.error(`${file}: a page file needs a "kind"`);
      const detail = typeof parsed.detail?.page === 'string' ? parsed.detail.page : undefined;
      // A tabs page's lists open their details below the tabs page's own route.
      const tabs = Array.isArray(parsed.tabs)
        ? parsed.tabs.map((tab) => tab.page).filter((page): page is string => typeof page === 'string')
        : undefined;
      return `export default ${JSON.stringify({ kind: parsed.kind, detail, tabs })};`;
    },
  };
}
