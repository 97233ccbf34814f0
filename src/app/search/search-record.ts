/**
 * The app searches that run in the browser (the side menu's 请输入应用名称, the application centre) are recorded like
 * the server's searches (POST /api/search/record), for 搜索监控: a query once the user has stopped typing for a
 * moment (not every keystroke), or at once when they open an app from the results, with that app as the page they
 * went to. Recording is a convenience of the monitor: its failure never disturbs the user.
 */
import { useCallback, useEffect, useRef } from 'react';
import { callApi } from '../../engine/api';
import { noteSearchTarget, QUIET_SEARCH_CODES } from '../../engine/search-target';
import { type EngineSeams, useSeams } from '../../engine/seams';
import { type MenuRecord, MsgCode } from '../../shared/envelope';
import { selectedProject } from '../layout/selected-project';
import { portalApis } from '../portal-apis';

export type ClientSearchSource = 'menu' | 'app-center';

/** How long the text must rest before it counts as a search. */
export const SEARCH_SETTLE_MS = 1000;

interface Target {
  path: string;
  name: string;
}

function send(
  seams: EngineSeams,
  source: ClientSearchSource,
  query: string,
  resultCount: number,
  target?: Target,
): Promise<string> {
  const projectId = selectedProject()?.projectId;
  return callApi<{ data?: { id?: string } }>(seams, portalApis.searchRecord, {
    body: { source, query, resultCount, ...(projectId ? { projectId } : {}), ...(target ? { target } : {}) },
    acceptCodes: QUIET_SEARCH_CODES,
  }).then(
    (answer) => answer.data?.id ?? '',
    () => '',
  );
}

/**
 * Records the search `query` (with `resultCount` apps found) of `source` once it settles; `followed(app)` says the
 * user opened `app` from it. A search still settling when the panel closes is recorded then.
 */
export function useSearchRecord(
  source: ClientSearchSource,
  query: string,
  resultCount: number,
): { followed: (app: MenuRecord) => void } {
  const seams = useSeams();
  const pending = useRef<{ query: string; resultCount: number; timer: ReturnType<typeof setTimeout> } | null>(null);
  const recorded = useRef<{ query: string; id: Promise<string> } | null>(null);

  const flush = useCallback(
    (target?: Target) => {
      const waiting = pending.current;
      if (!waiting) return false;
      clearTimeout(waiting.timer);
      pending.current = null;
      recorded.current = { query: waiting.query, id: send(seams, source, waiting.query, waiting.resultCount, target) };
      return true;
    },
    [seams, source],
  );

  useEffect(() => {
    const text = query.trim();
    if (pending.current) {
      clearTimeout(pending.current.timer);
      pending.current = null;
    }
    if (text === '' || recorded.current?.query === text) return;
    pending.current = { query: text, resultCount, timer: setTimeout(() => flush(), SEARCH_SETTLE_MS) };
  }, [query, resultCount, flush]);

  // Closing the panel (or leaving the page) while a search settles still records it.
  useEffect(() => () => void flush(), [flush]);

  const followed = useCallback(
    (app: MenuRecord) => {
      const target = { path: app.href || app.vueRoute || app.thirdPartyUrl || '', name: app.name };
      if (query.trim() === '' || target.path === '') return;
      if (flush(target)) return;
      const done = recorded.current;
      if (!done || done.query !== query.trim()) return;
      void done.id.then((id) => noteSearchTarget(seams, id, target));
    },
    [flush, query, seams],
  );

  return { followed };
}
