/**
 * The reads every screen inside the layout waits on (the menu tree and the permissions), started by the main script
 * for a logged-in link opened directly, before React renders and before the layout's code is here. They are
 * handed to the first `useApi` / `preloadApi` of the same key (`src/engine/reads.ts`): `preloadLoggedInRoute`, or
 * the layout's `useMenuTree`. Kept apart from route-preload.ts, which loads with the layout's code, so the main
 * script carries only this.
 */
import { startRead } from '../../engine/reads';
import { menuTreeParams } from '../menus/menu-tree-params';
import { portalApis } from '../portal-apis';
import { seams } from './seams';

export function startSessionReads(): void {
  startRead(seams, portalApis.roleMenuList, menuTreeParams());
  startRead(seams, portalApis.currentPermissions);
}
