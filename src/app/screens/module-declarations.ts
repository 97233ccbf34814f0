/**
 * What the web app takes from the modules' manifests (`modules/<id>/module.json`), collected when it is built:
 * only the fields of ModuleClientDeclarations reach the bundle (src/build/vite/module-client-plugin.ts).
 */
import type { ModuleClientDeclarations, ModulePublicPage } from '../../build/vite/module-client-plugin';
import { moduleIconName } from '../../shared/module-icons';
import type { TokenlessDoors } from '../guard/route-guard';

const manifests = Object.values(
  import.meta.glob<ModuleClientDeclarations>('/modules/*/module.json', {
    eager: true,
    import: 'default',
    query: '?client',
  }),
);

/** Paths the modules' screens fill the screen on. */
export const moduleFullScreenRoutes: readonly string[] = manifests.flatMap((declared) => declared.fullScreenRoutes);

/** The modules' screens that open without a login, outside the layout. */
export const modulePublicPages: readonly ModulePublicPage[] = manifests.flatMap((declared) => declared.publicPages);

/** The doors of the route guard the modules open: paths without a token, and their public pages. */
export const moduleDoors: TokenlessDoors = {
  paths: manifests.flatMap((declared) => declared.tokenlessPaths),
  publicPages: modulePublicPages,
};

/** First path segments the modules' screens live under. */
export const moduleAreas: readonly string[] = manifests.flatMap((declared) => declared.areas);

/**
 * The menu icons the modules bring (`modules/<m>/icons/<name>.svg` is `icon-<name>`), as markup sized and classed
 * like the core's glyphs; schemas:check has held each file to a plain picture (src/shared/module-icons.ts).
 */
export const moduleIcons: ReadonlyMap<string, string> = new Map(
  Object.entries(
    import.meta.glob<string>('/modules/*/icons/*.svg', { eager: true, import: 'default', query: '?raw' }),
  ).map(([file, svg]) => [
    moduleIconName(file),
    svg.trim().replace(/^<svg/, '<svg class="arco-icon" width="1em" height="1em" focusable="false"'),
  ]),
);
