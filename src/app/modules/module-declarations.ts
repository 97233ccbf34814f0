/**
 * What the web app takes from the modules' manifests (`modules/<id>/module.json`), collected when it is built:
 * only the fields of ModuleClientDeclarations reach the bundle (src/build/vite/module-client-plugin.ts).
 */
import type { ModuleClientDeclarations } from '../../build/vite/module-client-plugin';

const manifests = Object.values(
  import.meta.glob<ModuleClientDeclarations>('/modules/*/module.json', {
    eager: true,
    import: 'default',
    query: '?client',
  }),
);

/** Paths the modules' screens fill the screen on. */
export const moduleFullScreenRoutes: readonly string[] = manifests.flatMap((declared) => declared.fullScreenRoutes);

/** First path segments the modules' screens live under. */
export const moduleAreas: readonly string[] = manifests.flatMap((declared) => declared.areas);
