/**
 * What a gateway tile does (spec section 1): open a route in the same app, open a new tab, run a special
 * handler, send an anonymous visitor to login, or say the entry is not open yet.
 */
import type { MenuRecord } from '../../shared/envelope';
import { appTarget } from '../menus/menu-tree';

export type TileAction =
  | { kind: 'navigate'; path: string }
  | { kind: 'new-tab'; url: string }
  | { kind: 'special'; handler: string }
  | { kind: 'login' }
  | { kind: 'unavailable'; message: string };

export const UNAVAILABLE_MESSAGE = '该入口暂未开放';
/** Targets handled by code of their own rather than by a route; each needs login (spec section 6). */
export const SPECIAL_HANDLERS = ['ai-library', 'concrete-app'] as const;

/**
 * A tile is a menu record: where it leads is decided as for every menu (menus/menu-tree.ts `appTarget`, third-party
 * addresses with the project name filled in); the gateway adds its special handlers and sends visitors to login.
 */
export function tileAction(tile: MenuRecord, loggedIn: boolean, projectName?: string): TileAction {
  if ((SPECIAL_HANDLERS as readonly string[]).includes(tile.target)) {
    return loggedIn ? { kind: 'special', handler: tile.target } : { kind: 'login' };
  }
  const target = appTarget(tile, projectName);
  if (target.kind === 'unavailable') return { kind: 'unavailable', message: UNAVAILABLE_MESSAGE };
  if (target.kind === 'new-tab') return target;
  return loggedIn ? { kind: 'navigate', path: target.path } : { kind: 'login' };
}
