/**
 * The screens a menu record's `target` may name. A menu item with a link and a target becomes a route (spec
 * section 2); its target picks the screen here. A target not listed shows a plain 'not available' page.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadChunk } from '../shell/chunks';

type Screen = LazyExoticComponent<ComponentType>;

const screens: Record<string, Screen> = {
  'work-bench': lazy(() =>
    loadChunk(async () => ({ default: (await import('../workbench/WorkbenchPage')).WorkbenchPage })),
  ),
};

export function screenFor(target: string): Screen | undefined {
  return screens[target];
}
