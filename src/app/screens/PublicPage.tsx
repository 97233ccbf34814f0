/**
 * A module's screen that opens without a login (module.json `publicPages`: a release page, a single chart), shown
 * alone, outside the layout: no menus, no project, no user. Its page file is rendered as any other; what it may
 * show is decided by the server from the proof its calls carry (a signed share token in the URL).
 */
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { configureCodeLoading } from '../../engine/renderers';
import { SchemaPage } from '../../engine/page/SchemaPage';
import { loadChunk } from '../shell/chunks';
import { publicPageFor } from './public-pages';

configureCodeLoading(loadChunk);

export function PublicPage() {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const pageId = publicPageFor(pathname, hash);
  const context = useMemo(
    () => ({
      params: {},
      // `{{query.x}}` of the page's calls, and the hash route's own path (`#/release-page/<id>`).
      query: Object.fromEntries(new URLSearchParams(search)),
      hash: hash.replace(/^#/, ''),
    }),
    [search, hash],
  );
  if (!pageId) return null;
  return (
    <div className="public-page" style={{ minWidth: 600 }}>
      <SchemaPage
        key={`${pageId}${search}${hash}`}
        pageId={pageId}
        context={context}
        open={(target) => {
          if (!('path' in target)) return undefined;
          void navigate(target.path);
          return target.path;
        }}
      />
    </div>
  );
}
