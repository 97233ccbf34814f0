/**
 * The page a menu record's `target` names. A menu item with a link and a target becomes a route (spec section 2);
 * its target names a page file of any kind, which the engine renders with no component of its own:
 * - `page/<id>`: `schemas/pages/<id>.json` or a module's `modules/<name>/pages/<id>.json`;
 * - `system/<id>`: the same, the form the administration menus have always used;
 * - `work-bench`: the workbench (`schemas/pages/workbench.json`).
 * A target naming no page file shows a plain 'not available' page.
 */
import { hasPage } from '../../engine/pages';

const PAGE_TARGET = /^(?:page|system)\/([a-z][a-zA-Z0-9-]*)$/;
const NAMED_TARGETS: Record<string, string> = { 'work-bench': 'workbench' };

export function pageIdFor(target: string): string | undefined {
  const pageId = PAGE_TARGET.exec(target)?.[1] ?? NAMED_TARGETS[target];
  return pageId && hasPage(pageId) ? pageId : undefined;
}
