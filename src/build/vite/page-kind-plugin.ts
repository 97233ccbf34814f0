/**
 * Vite plugin: `import summary from '/schemas/pages/user.json?kind'` yields only what routing needs of a page file,
 * `{ kind, detail?, tabs? }` (its kind, for a list the detail page its rows open, for tabs their pages), so the
 * page registry knows every page's kind (and the renderer code to start) without bundling the files.
 */
import type { Plugin } from 'vite';
import { jsonQueryPlugin } from './json-query-plugin';

interface PageFileHead {
  kind?: unknown;
  detail?: { page?: unknown };
  tabs?: { page?: unknown }[];
}

export function pageKindPlugin(): Plugin {
  return jsonQueryPlugin({
    name: 'portal-page-kinds',
    query: '?kind',
    generate(parsed, file, fail) {
      const page = parsed as PageFileHead;
      if (typeof page.kind !== 'string') fail(`${file}: a page file needs a "kind"`);
      const detail = typeof page.detail?.page === 'string' ? page.detail.page : undefined;
      // A tabs page's lists open their details below the tabs page's own route.
      const tabs = Array.isArray(page.tabs)
        ? page.tabs.map((tab) => tab.page).filter((id): id is string => typeof id === 'string')
        : undefined;
      return `export default ${JSON.stringify({ kind: page.kind, detail, tabs })};`;
    },
  });
}
