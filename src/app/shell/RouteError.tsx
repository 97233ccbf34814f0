import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { LoadFailure } from '../../engine/feedback';

/** A route whose code failed to load (ChunkLoadError, CSS_CHUNK_LOAD_FAILED) offers a retry, never a blank page. */
export function RouteError() {
  const error = useRouteError();
  const shown = isRouteErrorResponse(error) ? new Error(`${error.status} ${error.statusText}`) : error;
  return <LoadFailure error={shown} onRetry={() => window.location.reload()} />;
}
