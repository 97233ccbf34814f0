/**
 * The page a menu record's `target` names (src/shared/menu-targets.ts), which the engine renders with no component
 * of its own. A target naming no page file shows a plain 'not available' page.
 */
import { hasPage } from '../../engine/pages';
import { pageIdOfTarget } from '../../shared/menu-targets';

export function pageIdFor(target: string): string | undefined {
  const pageId = pageIdOfTarget(target);
  return pageId && hasPage(pageId) ? pageId : undefined;
}
