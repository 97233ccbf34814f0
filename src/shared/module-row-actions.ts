/**
 * Row buttons a module adds to another module's list (`rowActions` of modules/<m>/module.json): 查看录像 on the rows
 * of the device warnings, added by the video module, so that the warnings' module needs not know video exists. The
 * web app's build puts them into the crud page file (src/build/vite/module-panels-plugin.ts) and schemas:check
 * checks them, both through `withModuleRowActions`.
 */

/** One row action of a crud page file; only its label matters here. */
export interface RowActionLike {
  label: string;
}

/** The manifest fields this reads: `rowActions` of a module.json. */
export interface RowActionsDeclaring {
  id: string;
  rowActions?: { page: string; action: RowActionLike }[];
}

/** The page's own row actions, then the modules' for it in the order of the module ids. */
export function withModuleRowActions<Action extends RowActionLike>(
  pageId: string,
  actions: readonly Action[] | undefined,
  manifests: readonly RowActionsDeclaring[],
): Action[] {
  const added = [...manifests]
    .sort((a, b) => a.id.localeCompare(b.id))
    .flatMap((manifest) => (manifest.rowActions ?? []).filter((entry) => entry.page === pageId))
    .map((entry) => entry.action as Action);
  return [...(actions ?? []), ...added];
}
