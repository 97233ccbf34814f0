/**
 * Where routed screens load on demand: a loading state while a screen's chunk arrives, and, when it fails
 * (ChunkLoadError, a failed CSS chunk, a render error), a clear message with a retry instead of a blank page.
 * The failure clears when the user navigates elsewhere.
 */
import { Component, Suspense, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Loading, LoadFailure } from '../../engine/feedback';

interface BoundaryProps {
  /** The route the failure belongs to: another route renders normally again. */
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  pathname: string;
}

class ChunkBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('页面渲染失败') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.pathname === state.pathname ? null : { error: null, pathname: props.pathname };
  }

  override render() {
    // A lazy screen whose chunk failed stays failed in React's cache: the retry reloads the page.
    // A full-screen route has no header: the failure itself offers the way back to the workbench.
    if (this.state.error) {
      return (
        <div className="route-failure">
          <LoadFailure error={this.state.error} onRetry={() => window.location.reload()} />
          <Link to="/work-bench" data-testid="back-to-workbench">
            返回工作台
          </Link>
        </div>
      );
    }
    return this.props.children;
  }
}

export function RouteChunk({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ChunkBoundary pathname={pathname}>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </ChunkBoundary>
  );
}
