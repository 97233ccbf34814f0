/**
 * The screens a menu record's `target` may name. A menu item with a link and a target becomes a route (spec
 * section 2); its target picks the screen here. `system/<id>` is the administration page described by
 * schemas/pages/<id>.json, rendered by the engine with no component of its own. A target not listed shows a
 * plain 'not available' page.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { hasPage } from '../../engine/registry';
import { loadChunk } from '../shell/chunks';

type Screen = LazyExoticComponent<ComponentType>;

const screens: Record<string, Screen> = {
  'work-bench': lazy(() =>
    loadChunk(async () => ({ default: (await import('../workbench/WorkbenchPage')).WorkbenchPage })),
  ),
};

const ADMIN_PAGE_PREFIX = 'system/';
const adminPages = new Map<string, Screen>();

function adminPage(pageId: string): Screen {
  let screen = adminPages.get(pageId);
  if (!screen) {
    screen = lazy(() =>
      loadChunk(async () => {
        const { CrudPage } = await import('../../engine/page/CrudPage');
        return { default: () => <CrudPage pageId={pageId} /> };
      }),
    );
    adminPages.set(pageId, screen);
  }
  return screen;
}

export function screenFor(target: string): Screen | undefined {
  if (target.startsWith(ADMIN_PAGE_PREFIX)) {
    const pageId = target.slice(ADMIN_PAGE_PREFIX.length);
    return hasPage(pageId) ? adminPage(pageId) : undefined;
  }
  return screens[target];
}
