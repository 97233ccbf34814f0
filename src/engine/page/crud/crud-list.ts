/**
 * The params of a CRUD page's list call, in one place: the renderer asks with them, and the route starts the
 * first page's call with them before the renderer's code has arrived (the two must be equal to be shared).
 */
import { renderTemplate, type TemplateContext } from '../../template';
import type { CrudPageFile } from '../../types';

export interface ListState {
  /** The search form's values. */
  search: Record<string, unknown>;
  page: number;
  /** The chosen tree node's key, if any. */
  treeKey?: unknown;
}

export const FIRST_PAGE: ListState = { search: {}, page: 1 };

/**
 * The forms a crud page shows in its first render (its search form): the page waits for them, so that form and rows
 * appear together, and the build preloads them with the page (src/build/vite/layout-page-plugin.ts).
 */
export const crudFirstForms = (file: Pick<CrudPageFile, 'search'>): string[] => (file.search ? [file.search] : []);

/**
 * Whether a crud page shows a tree panel (offices, areas). The panel's code (Arco's Tree) is a chunk of its own
 * (src/engine/page/crud/crud-tree-part.ts), loaded and preloaded only with the pages that show it.
 */
export const crudShowsTree = (file: Pick<CrudPageFile, 'tree'>): boolean => Boolean(file.tree);

export const isPaged = (file: CrudPageFile) => Boolean(file.list.total) && !file.list.tree;

/** What the list shows, without paging: the export takes the same filters. */
export function listFilters(file: CrudPageFile, context: TemplateContext, state: ListState): Record<string, unknown> {
  const fixed = file.list.params ? (renderTemplate(file.list.params, context) as Record<string, unknown>) : {};
  return {
    ...fixed,
    ...state.search,
    ...(file.tree && state.treeKey !== undefined ? { [file.tree.param]: state.treeKey } : {}),
  };
}

export function listParams(file: CrudPageFile, context: TemplateContext, state: ListState): Record<string, unknown> {
  return {
    ...listFilters(file, context, state),
    ...(isPaged(file)
      ? { [file.list.pageParam ?? 'pageNo']: state.page, [file.list.sizeParam ?? 'pageSize']: file.list.pageSize ?? 10 }
      : {}),
  };
}
