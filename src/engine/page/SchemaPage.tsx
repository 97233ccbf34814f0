/**
 * Shows a page file of any kind: the kind's renderer from the registry, given exactly its file. When the page is
 * entered, three things start at once: the kind's renderer code (the kind is known from the manifest, before the
 * file), the page file, and, as soon as the file is there, its first data requests (they do not wait for the
 * renderer's code; the renderer finds them under way and shares them).
 */
import { useEffect, useRef, useState, type ComponentType } from 'react';
import '../built-in-kinds';
import { LoadFailure, Loading } from '../feedback';
import { forgetPage, loadPage, pageKindOf, peekPage } from '../pages';
import { loadForm } from '../schema-files';
import {
  firstCallsOf,
  firstFormsOf,
  firstPartsOf,
  loadPageRenderer,
  peekPageRenderer,
  preloadPageKind,
  type OpenLink,
  type PageRendererProps,
} from '../renderers';
import { useSeams, type EngineSeams } from '../seams';
import type { TemplateContext } from '../template';
import type { PageFile, PageKind } from '../types';
import { preloadApi } from '../use-api';

export interface SchemaPageProps {
  pageId: string;
  context?: TemplateContext;
  /** Follows a route the page declares; without it links do nothing. */
  open?: OpenLink;
}

const NO_CONTEXT: TemplateContext = {};
const stay: OpenLink = () => undefined;

/**
 * Start the page's code, file, first data and the forms and parts it shows from its first render (a list's search
 * form, its tree panel) together, each shared with the render that follows. Resolves once the first data calls have
 * answered and the kind's renderer and those forms and parts are here (or failed: the render reports that), so that
 * a render after it shows the page whole, rows included, in one go (a render before the answer shows the page
 * loading, then renders its table once more).
 */
export function preparePage(seams: EngineSeams, pageId: string, context: TemplateContext = NO_CONTEXT): Promise<void> {
  const kind = pageKindOf(pageId);
  // The file first: the data waits on it, and the browser opens only a few connections at a time, which the
  // kind's code (many chunks) would otherwise take first.
  const file = loadPage(pageId);
  if (kind) preloadPageKind(kind);
  return file.then(
    async (file) => {
      const answers = firstCallsOf(file.kind, file as never, context).map((call) =>
        preloadApi(seams, call.api, call.params),
      );
      const forms = firstFormsOf(file.kind, file as never).map((id) => loadForm(id).catch(() => undefined));
      const parts = firstPartsOf(file.kind, file as never).map((part) => part.preload().catch(() => undefined));
      const renderer = loadPageRenderer(file.kind).catch(() => undefined);
      await Promise.all([...answers, ...forms, ...parts, renderer]);
    },
    () => undefined,
  );
}

/**
 * The renderer found for `file.kind` takes exactly that file's type: the registry is keyed by kind, which is the
 * one fact the type system cannot follow through a union, hence the one cast.
 */
type AnyKindRenderer = ComponentType<PageRendererProps<PageKind>>;

interface Loaded {
  pageId: string;
  file: PageFile;
  Renderer: AnyKindRenderer;
}

/** The page's file and renderer when both are in memory already. */
function arrived(pageId: string): Loaded | null {
  const file = peekPage(pageId);
  const Renderer = file && (peekPageRenderer(file.kind) as AnyKindRenderer | undefined);
  return file && Renderer ? { pageId, file, Renderer } : null;
}

export function SchemaPage({ pageId, context = NO_CONTEXT, open = stay }: SchemaPageProps) {
  const seams = useSeams();
  // In the first render, before anything commits: the code, the file and (after it) the data start at once.
  const preparedFor = useRef<string | null>(null);
  if (preparedFor.current !== pageId) {
    preparedFor.current = pageId;
    void preparePage(seams, pageId, context);
  }

  // A page whose file and code are here already (started with the route) renders in this very render, not in a
  // second one after the layout has committed.
  const [loaded, setLoaded] = useState<Loaded | null>(() => arrived(pageId));
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setError(null);
    const inMemory = arrived(pageId);
    if (inMemory) {
      setLoaded((current) => (current?.pageId === pageId ? current : inMemory));
      return;
    }
    loadPage(pageId)
      .then(async (file) => ({ pageId, file, Renderer: (await loadPageRenderer(file.kind)) as AnyKindRenderer }))
      .then(
        (next) => live && setLoaded(next),
        (failure: unknown) => live && setError(failure),
      );
    return () => {
      live = false;
    };
  }, [pageId, attempt]);

  if (error) {
    return (
      <LoadFailure
        error={error}
        onRetry={() => {
          forgetPage(pageId);
          setAttempt((count) => count + 1);
        }}
      />
    );
  }
  if (!loaded || loaded.pageId !== pageId) return <Loading />;
  const { file, Renderer } = loaded;
  return <Renderer file={file} context={context} open={open} />;
}
