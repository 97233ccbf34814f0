/**
 * What a menu record's link and target mean, for the web app and the server alike (spec section 2): an item with a
 * link and a target is a route, and its target names the page file that route shows:
 * - `page/<id>`: `schemas/pages/<id>.json` or a module's `modules/<name>/pages/<id>.json`;
 * - `system/<id>`: the same, the form the administration menus have always used;
 * - `work-bench`: the workbench (`schemas/pages/workbench.json`).
 * The server uses it to preload a linked screen's code with the page itself (src/server/plugins/web-app.ts).
 */
const PAGE_TARGET = /^(?:page|system)\/([a-z][a-zA-Z0-9-]*)$/;
const NAMED_TARGETS: Readonly<Record<string, string>> = { 'work-bench': 'workbench' };

/** The id of the page file a target names, whether or not such a file exists. */
export function pageIdOfTarget(target: string): string | undefined {
  return PAGE_TARGET.exec(target)?.[1] ?? NAMED_TARGETS[target];
}

/** A menu link as a route path: no query or fragment, no trailing slash. */
export function normaliseMenuPath(href: string): string {
  const path = href.split(/[?#]/)[0];
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The placeholder a third-party address may carry for the current project's name (spec section 4). */
export const PROJECT_NAME_PLACEHOLDER = '{projectName}';

/** A menu's third-party address for a project: the browser opens it, the server checks whether it may be framed. */
export function thirdPartyAddress(url: string, projectName: string | undefined): string {
  return url.split(PROJECT_NAME_PLACEHOLDER).join(encodeURIComponent(projectName ?? ''));
}
