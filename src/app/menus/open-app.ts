/**
 * Opening an app from a menu (spec section 4): a route in this portal (with a tab when the menu is of the
 * navigation kind or flagged), or a new browser tab for third-party and `_blank` menus; recorded as recently used.
 */
import { runAction } from '../../engine/actions';
import type { EngineSeams } from '../../engine/seams';
import type { MenuRecord } from '../../shared/envelope';
import { UNAVAILABLE_MESSAGE } from '../gateway/tile-actions';
import { opensTab, type OpenTab } from '../layout/open-tabs';
import { selectedProject } from '../layout/selected-project';
import { portalApis } from '../portal-apis';
import { openInNewWindow } from '../shell/new-window';
import { appTarget } from './menu-tree';

export function openApp(
  app: MenuRecord,
  seams: EngineSeams,
  navigate: (path: string) => void,
  openTab: (tab: OpenTab) => void,
): void {
  const projectName = selectedProject()?.projectName;
  const target = appTarget(app, projectName);
  if (target.kind === 'unavailable') return seams.notify.error(UNAVAILABLE_MESSAGE);
  if (target.kind === 'new-tab') {
    openInNewWindow(target.url, seams);
  } else {
    if (opensTab(app)) openTab({ id: app.id, name: app.name, href: target.path });
    navigate(target.path);
  }
  // Recently used is a convenience: its failure must not disturb the user.
  runAction(seams, { api: portalApis.recentlyUsedInsert }, { menuId: app.id, projectName: projectName ?? '' }).catch(
    () => undefined,
  );
}
