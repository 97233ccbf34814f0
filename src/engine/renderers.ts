/**
 * The renderer registry: one flat map from a page kind (`crud`, `dashboard`, `tabs`, `custom`, ...) to its
 * renderer, and one from a dashboard panel type (`bar`, `pie`, `stats`, ...) to its panel renderer. Each
 * renderer is code loaded on demand and receives exactly its kind's type. Kinds register themselves
 * (`built-in-kinds.ts` for the engine's own; a module registers its own the same way), so a new kind touches
 * neither the app nor this file.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { modulePartName } from '../shared/module-parts';
import type { TemplateContext } from './template';
import type { ApiDescriptor, DashboardPanel, PageKind, PageKinds, PanelType } from './types';

/**
 * Where a link a page declares leads: a route of the portal (`{ path }`), a route below the current one
 * (`{ child }`: a list's row opens `<list path>/<id>`; `list` names the list, which a tabs page may need to tell its
 * lists apart), or an app the user picked (a menu record, which may open a new tab or a third-party address). The
 * host (the app) follows it.
 */
export type LinkTarget = { path: string } | { child: string; list?: string } | { app: Record<string, unknown> };
/** Follows a link; answers the portal route it went to (undefined: none, or an app opened elsewhere). */
export type OpenLink = (target: LinkTarget) => string | undefined;

export interface PageRendererProps<K extends PageKind> {
  file: PageKinds[K];
  /** What the page's templates read: `{{user.id}}`, `{{project.projectId}}`. */
  context: TemplateContext;
  /** Follows a route the page declares (a panel's link, a row's detail). */
  open: OpenLink;
}

/** A call known from the page file alone, started beside the renderer's code when the route is entered. */
export interface FirstCall {
  api: ApiDescriptor;
  params: Record<string, unknown>;
}

export interface PageKindDefinition<K extends PageKind> {
  load: () => Promise<ComponentType<PageRendererProps<K>>>;
  /** The page's first data requests; they must equal what the renderer asks for, so they are shared. */
  firstCalls?: (file: PageKinds[K], context: TemplateContext) => FirstCall[];
  /** The form files the page shows from its first render (a list's search form), loaded with the page. */
  firstForms?: (file: PageKinds[K]) => string[];
  /** Parts of the renderer in chunks of their own that this page shows from its first render, loaded with it. */
  firstParts?: (file: PageKinds[K]) => ReadonlyArray<{ preload(): Promise<unknown> }>;
}

export interface PanelRendererProps {
  panel: DashboardPanel;
  /** The panel's data: its call's result at `path`, or the page context when it has no call. */
  data: unknown;
  context: TemplateContext;
  open: OpenLink;
}

type PageKindRegistry = { [K in PageKind]?: PageKindDefinition<K> };

const pageKinds: PageKindRegistry = {};
const panelTypes = new Map<PanelType, () => Promise<ComponentType<PanelRendererProps>>>();

/** How code chunks are fetched (the app adds its timeout); plain `load()` until the app says otherwise. */
let loadCode: <T>(load: () => Promise<T>) => Promise<T> = (load) => load();

export function configureCodeLoading(loader: <T>(load: () => Promise<T>) => Promise<T>): void {
  loadCode = loader;
}

export function registerPageKind<K extends PageKind>(kind: K, definition: PageKindDefinition<K>): void {
  pageKinds[kind] = definition as PageKindRegistry[K];
}

export function registerPanelType(type: PanelType, load: () => Promise<ComponentType<PanelRendererProps>>): void {
  panelTypes.set(type, load);
}

export class UnknownKindError extends Error {
  constructor(what: string, name: string) {
    super(`没有注册${what}：${name}`);
  }
}

function definitionOf<K extends PageKind>(kind: K): PageKindDefinition<K> {
  const definition = pageKinds[kind] as PageKindDefinition<K> | undefined;
  if (!definition) throw new UnknownKindError('页面类型', kind);
  return definition;
}

// One code promise per kind (a preload and the render share it; a failure is forgotten for the retry), and the
// renderers that have arrived, so a screen can render one at once instead of after a promise.
const codeOfKind: { [K in PageKind]?: Promise<ComponentType<PageRendererProps<K>>> } = {};
const arrivedKinds: { [K in PageKind]?: ComponentType<PageRendererProps<K>> } = {};

function kindCode<K extends PageKind>(kind: K): Promise<ComponentType<PageRendererProps<K>>> {
  const cached = codeOfKind[kind] as Promise<ComponentType<PageRendererProps<K>>> | undefined;
  if (cached) return cached;
  const code = loadCode(definitionOf(kind).load);
  code.then(
    (renderer) => (arrivedKinds[kind] = renderer as (typeof arrivedKinds)[K]),
    () => delete codeOfKind[kind],
  );
  codeOfKind[kind] = code as (typeof codeOfKind)[K];
  return code;
}

/** The renderer of a kind when its code is here already, else undefined (then `loadPageRenderer`). */
export function peekPageRenderer<K extends PageKind>(kind: K): ComponentType<PageRendererProps<K>> | undefined {
  return arrivedKinds[kind] as ComponentType<PageRendererProps<K>> | undefined;
}

/** Start fetching a kind's renderer code now (a route knows the kind before its page file arrives). */
export function preloadPageKind(kind: PageKind): void {
  kindCode(kind).catch(() => undefined);
}

/** The renderer of a kind, once its code is there (the same promise a preload started). */
export function loadPageRenderer<K extends PageKind>(kind: K): Promise<ComponentType<PageRendererProps<K>>> {
  return kindCode(kind);
}

export function firstCallsOf<K extends PageKind>(kind: K, file: PageKinds[K], context: TemplateContext): FirstCall[] {
  return definitionOf(kind).firstCalls?.(file, context) ?? [];
}

export function firstFormsOf<K extends PageKind>(kind: K, file: PageKinds[K]): string[] {
  return definitionOf(kind).firstForms?.(file) ?? [];
}

export function firstPartsOf<K extends PageKind>(
  kind: K,
  file: PageKinds[K],
): ReadonlyArray<{ preload(): Promise<unknown> }> {
  return definitionOf(kind).firstParts?.(file) ?? [];
}

const lazyPanels = new Map<PanelType, LazyExoticComponent<ComponentType<PanelRendererProps>>>();

/** The renderer of a panel type as a lazy component: a chart library arrives only with a chart panel. */
export function panelRenderer(type: PanelType): LazyExoticComponent<ComponentType<PanelRendererProps>> {
  let renderer = lazyPanels.get(type);
  if (!renderer) {
    const load = panelTypes.get(type);
    if (!load) throw new UnknownKindError('看板面板类型', type);
    renderer = lazy(async () => ({ default: await loadCode(load) }));
    lazyPanels.set(type, renderer);
  }
  return renderer;
}

/** What a module's own renderer of a `custom` page receives: its file, the file's data, the context. */
export interface CustomRendererProps {
  file: PageKinds['custom'];
  /** The result of the file's `data` call (undefined without one). */
  data: unknown;
  context: TemplateContext;
  open: OpenLink;
}

type CustomRendererLoader = () => Promise<ComponentType<CustomRendererProps>>;

// A module's renderers sit in its folder, `modules/<name>/renderers/<renderer>.tsx` (default export): found by
// name, loaded only when a page names them. `registerCustomRenderer` adds one from elsewhere (a test).
const moduleRenderers = import.meta.glob<ComponentType<CustomRendererProps>>('/modules/*/renderers/*.tsx', {
  import: 'default',
});
const customRenderers = new Map<string, CustomRendererLoader>(
  Object.entries(moduleRenderers).map(([key, load]) => [modulePartName(key), load] as const),
);

export function registerCustomRenderer(name: string, load: CustomRendererLoader): void {
  customRenderers.set(name, load);
  lazyCustom.delete(name);
}

const lazyCustom = new Map<string, LazyExoticComponent<ComponentType<CustomRendererProps>>>();

export function customRenderer(name: string): LazyExoticComponent<ComponentType<CustomRendererProps>> {
  let renderer = lazyCustom.get(name);
  if (!renderer) {
    const load = customRenderers.get(name);
    if (!load) throw new UnknownKindError('自定义页面渲染器', name);
    renderer = lazy(async () => ({ default: await loadCode(load) }));
    lazyCustom.set(name, renderer);
  }
  return renderer;
}
