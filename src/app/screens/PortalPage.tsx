/**
 * A page file shown in the portal: the engine's page of any kind, with the signed-in user and the selected
 * project as the context its templates read, and the page's links followed as the portal follows menus.
 */
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { configureCodeLoading, type LinkTarget } from '../../engine/renderers';
import { SchemaPage } from '../../engine/page/SchemaPage';
import { tabDetailPageOf } from '../../engine/pages';
import { useSeams } from '../../engine/seams';
import type { MenuRecord } from '../../shared/envelope';
import { selectedProject } from '../layout/selected-project';
import { useOpenTabs } from '../layout/tabs-context';
import { openApp } from '../menus/open-app';
import { readStored } from '../session/storage';
import { loadChunk } from '../shell/chunks';
import '../app-center/register';
import '../flow-designer/register';
import '../third-party/register';

// Renderer code arrives with the chunk timeout of spec section 4, like every screen's code.
configureCodeLoading(loadChunk);

export interface PortalPageProps {
  pageId: string;
  /** Values of the route (a detail page's `id`), read by templates as `{{params.id}}`. */
  params?: Record<string, string>;
}

export function PortalPage({ pageId, params }: PortalPageProps) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const seams = useSeams();
  const { open: openTab } = useOpenTabs();
  const context = useMemo(
    () => ({
      user: readStored('userInfo'),
      project: selectedProject(),
      params: params ?? {},
      // The query string as the page was opened (`{{query.x}}`; a link that starts an approval with values).
      query: Object.fromEntries(new URLSearchParams(search)),
    }),
    // A page's params are fixed for its route (another id is another route, keyed apart).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const open = (target: LinkTarget): string | undefined => {
    if ('app' in target) {
      openApp(target.app as unknown as MenuRecord, seams, navigate, openTab);
      return undefined;
    }
    // A list in a tab whose details the page's plain child route does not open names itself in the route.
    const list = 'child' in target && target.list && tabDetailPageOf(pageId, target.list) ? `/${target.list}` : '';
    const path =
      'path' in target ? target.path : `${pathname.replace(/\/+$/, '')}${list}/${encodeURIComponent(target.child)}`;
    navigate(path);
    return path;
  };
  return <SchemaPage pageId={pageId} context={context} open={open} />;
}
