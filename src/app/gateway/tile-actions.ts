/**
 * What a gateway tile does (spec section 1): open a route in the same app, open a new tab, run a special
 * handler, send an anonymous visitor to login, or say the entry is not open yet.
 */
import type { MenuRecord } from '../../shared/envelope';

export type TileAction =
  | { kind: 'navigate'; path: string }
  | { kind: 'new-tab'; url: string }
  | { kind: 'special'; handler: string }
  | { kind: 'login' }
  | { kind: 'unavailable'; message: string };

export const UNAVAILABLE_MESSAGE = '该入口暂未开放';
/** Targets handled by code of their own rather than by a route. */
export const SPECIAL_HANDLERS = ['ai-library'] as const;

export function tileAction(tile: MenuRecord, loggedIn: boolean): TileAction {
  const path = tile.href || tile.vueRoute;
  const url = tile.thirdPartyUrl || path;
  if ((SPECIAL_HANDLERS as readonly string[]).includes(tile.target)) {
    return loggedIn ? { kind: 'special', handler: tile.target } : { kind: 'login' };
  }
  if (!url) return { kind: 'unavailable', message: UNAVAILABLE_MESSAGE };
  if (tile.remarks === '_blank' || /^https?:\/\//.test(url)) return { kind: 'new-tab', url };
  return loggedIn ? { kind: 'navigate', path } : { kind: 'login' };
}
