/**
 * Shows a page file of any kind: the kind's renderer from the registry, given exactly its file. When the page is
 * entered, three things start at once: the kind's renderer code (the kind is known from the manifest, before the
 * file), the page file, and, as soon as the file is there, its first data requests (they do not wait for the
 * renderer's code; the renderer finds them under way and shares them).
 */
import { Component, Suspense, use, useRef, type ComponentType, type ReactNode } from 'react';
import '../built-in-kinds';
import { LoadFailure, Loading } from '../feedback';
import { forgetPage, loadPage, pageKindOf } from '../pages';
import { firstCallsOf, pageRenderer, preloadPageKind, type OpenLink, type PageRendererProps } from '../renderers';
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

function startFirstCalls(seams: EngineSeams, file: PageFile, context: TemplateContext): void {
  for (const call of firstCallsOf(file.kind, file as never, context)) preloadApi(seams, call.api, call.params);
}

/** Start the page's code, file and first data together (idempotent: every piece is shared with the render). */
export function preparePage(seams: EngineSeams, pageId: string, context: TemplateContext = NO_CONTEXT): void {
  const kind = pageKindOf(pageId);
  if (kind) preloadPageKind(kind);
  loadPage(pageId).then(
    (file) => startFirstCalls(seams, file, context),
    () => undefined,
  );
}

export function SchemaPage({ pageId, context = NO_CONTEXT, open = stay }: SchemaPageProps) {
  const seams = useSeams();
  // In the first render, before anything commits: the code, the file and (after it) the data start at once.
  const preparedFor = useRef<string | null>(null);
  if (preparedFor.current !== pageId) {
    preparedFor.current = pageId;
    preparePage(seams, pageId, context);
  }
  return (
    <PageBoundary pageId={pageId}>
      <Suspense fallback={<Loading />}>
        <LoadedPage pageId={pageId} context={context} open={open} />
      </Suspense>
    </PageBoundary>
  );
}

function LoadedPage({ pageId, context, open }: Required<SchemaPageProps>) {
  const file = use(loadPage(pageId));
  return <KindRenderer file={file} context={context} open={open} />;
}

/**
 * The one place where a file meets its kind's renderer: the registry is keyed by kind, so the renderer found for
 * `file.kind` takes exactly that file's type.
 */
function KindRenderer({ file, context, open }: { file: PageFile; context: TemplateContext; open: OpenLink }) {
  const Renderer = pageRenderer(file.kind) as unknown as ComponentType<PageRendererProps<PageKind>>;
  return <Renderer file={file} context={context} open={open} />;
}

interface BoundaryState {
  error: unknown;
}

/** A page whose file or code failed to load says so, with a retry that loads it again. */
class PageBoundary extends Component<{ pageId: string; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error ?? new Error('页面加载失败') };
  }

  override render() {
    if (this.state.error) {
      return (
        <LoadFailure
          error={this.state.error}
          onRetry={() => {
            forgetPage(this.props.pageId);
            this.setState({ error: null });
          }}
        />
      );
    }
    return this.props.children;
  }
}
