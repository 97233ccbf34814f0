/**
 * What the page answered for a route inside the logged-in layout carries beyond index.html
 * (src/build/vite/layout-page-plugin.ts writes it, src/server/plugins/web-app.ts answers it):
 * - the layout's code and styles, preloaded;
 * - for a route whose menu item names a page, that page's code and styles too, and the page's id in
 *   `<meta name="portal-page">`, so that the main script starts the page's file and first data before the menus have
 *   answered (src/app/shell/route-preload.ts). Only a head start: what renders is still decided by the user's own
 *   menu tree.
 */
export const PAGE_HINT_META = 'portal-page';

/** The element the app renders into, as index.html (and so layout.html) writes it, empty. */
export const ROOT_ELEMENT = '<div id="root"></div>';

/** Page id -> the URLs (base included) of the scripts (`.js`) and styles (`.css`) to preload with it. */
export type PagePreloads = Record<string, string[]>;

/** The tags that load `files` (URLs): a stylesheet link for a style, a module preload for a script. */
export function preloadTags(files: readonly string[]): string[] {
  const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return files.map((href) =>
    href.endsWith('.css')
      ? `<link rel="stylesheet" crossorigin href="${attribute(href)}">`
      : `<link rel="modulepreload" crossorigin href="${attribute(href)}">`,
  );
}

/** The `<meta>` naming the page (ids are `[a-z][a-zA-Z0-9-]*`: anything else is dropped). */
export function pageHintTag(pageId: string): string {
  return `<meta name="${PAGE_HINT_META}" content="${pageId.replace(/[^a-zA-Z0-9-]/g, '')}">`;
}
