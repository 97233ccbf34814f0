/**
 * Routes that fill the screen (big screens, shared device views, BIM viewers, ...): minimum width 600px (spec
 * section 2). The portal's own are listed here; a module declares its own in its module.json (`fullScreenRoutes`),
 * collected when the web app is built.
 */
import { moduleFullScreenRoutes } from '../screens/module-declarations';

const PORTAL_FULL_SCREEN_PREFIXES = ['/screen', '/ldv/'];

const FULL_SCREEN_PREFIXES = [...PORTAL_FULL_SCREEN_PREFIXES, ...moduleFullScreenRoutes];

export function isFullScreenRoute(path: string): boolean {
  return FULL_SCREEN_PREFIXES.some(
    (prefix) => path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`),
  );
}
