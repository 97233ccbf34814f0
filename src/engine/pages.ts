/**
 * The page files: `schemas/pages/<id>.json` and every module's `modules/<name>/pages/<id>.json` (ids are unique
 * across both; `schemas:check` holds files to that). Kept apart from the form registry so that the login page's
 * bundle carries nothing of the pages.
 *
 * The kind of every page is known without loading its file (a manifest of the files' `kind`), so a
 * route can start the kind's renderer code and the page file at once.
 */
import type { PageFile, PageKind } from './types';

const pageFiles = import.meta.glob<PageFile>(['/schemas/pages/*.json', '/modules/*/pages/*.json'], {
  import: 'default',
});
/** What routing needs of a page file, known without loading it (src/build/vite/page-kind-plugin.ts). */
interface PageSummary {
  kind: PageKind;
  /** A list's detail page (`detail.page` of a crud file). */
  detail?: string;
  /** The pages of a tabs page. */
  tabs?: string[];
}

// A few bytes per page: the files themselves stay lazy.
const pageSummaries = import.meta.glob<PageSummary>(['/schemas/pages/*.json', '/modules/*/pages/*.json'], {
  query: '?kind',
  import: 'default',
  eager: true,
});

/** The id of a file key: `/modules/<module>/pages/workers.json` -> `workers`. */
const idOfKey = (key: string) => key.replace(/^.*\/(.+)\.json$/, '$1');

const loaders = new Map(Object.entries(pageFiles).map(([key, load]) => [idOfKey(key), load] as const));
const summaries = new Map(Object.entries(pageSummaries).map(([key, summary]) => [idOfKey(key), summary] as const));

export class UnknownPageError extends Error {
  constructor(id: string) {
    super(`没有找到页面配置：${id}`);
  }
}

export function hasPage(id: string): boolean {
  return loaders.has(id);
}

/** The kind of a page, from the manifest (no file load). */
export function pageKindOf(id: string): PageKind | undefined {
  return summaries.get(id)?.kind;
}

/** The detail page a list's rows open (its route is `<list path>/<id>`), from the manifest. */
export function detailPageOf(listPageId: string): string | undefined {
  const summary = summaries.get(listPageId);
  if (summary?.detail) return summary.detail;
  // A list shown in a tab of the route's page: its rows' details are routed below that page.
  for (const tab of summary?.tabs ?? []) {
    const detail = tab === listPageId ? undefined : summaries.get(tab)?.detail;
    if (detail) return detail;
  }
  return undefined;
}

/**
 * The detail page of a list shown in a tab of a tabs page (`tabs`) that is not the one the tabs page's plain
 * `<path>/<id>` opens: its rows are routed `<path>/<list page id>/<id>`, so two lists with details can share a page.
 */
export function tabDetailPageOf(tabsPageId: string, listPageId: string): string | undefined {
  if (!summaries.get(tabsPageId)?.tabs?.includes(listPageId)) return undefined;
  const detail = summaries.get(listPageId)?.detail;
  return detail && detail !== detailPageOf(tabsPageId) ? detail : undefined;
}

const loading = new Map<string, Promise<PageFile>>();

/**
 * The page file, one promise per id while it loads and after (React's `use` needs the same promise on every
 * render); a failed load is forgotten, so a retry loads again.
 */
export function loadPage(id: string): Promise<PageFile> {
  let promise = loading.get(id);
  if (!promise) {
    const load = loaders.get(id);
    promise = load ? load() : Promise.reject(new UnknownPageError(id));
    promise.then(
      (file) => loaded.set(id, file),
      () => loading.delete(id),
    );
    loading.set(id, promise);
  }
  return promise;
}

/** Page files that have arrived, so a screen can render one at once instead of after a promise. */
const loaded = new Map<string, PageFile>();

/** The page file when it is in memory already, else undefined (then `loadPage`). */
export function peekPage(id: string): PageFile | undefined {
  return loaded.get(id);
}

/** Forget a failed page so the next render loads it again. */
export function forgetPage(id: string): void {
  loading.delete(id);
  loaded.delete(id);
}
