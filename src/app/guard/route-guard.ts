/**
 * The route guard of spec section 2, as a pure decision so every rule is testable without a browser.
 * Paths are relative to the router's basename (/app).
 */
import { GATEWAY_PATH, LOGIN_PATH } from '../../shared/layout-routes';

export { GATEWAY_PATH, LOGIN_PATH };
export const DEFAULT_MENU = '/work-bench';

/** Routes that are open without a token. */
const PUBLIC_PATHS = [LOGIN_PATH, GATEWAY_PATH, '/cas'];
const TOKENLESS_EXCEPTIONS = ['/ldv/chart_viewer', '/ldf/task', '/ldf/fill_data'];
/** Micro-app areas skip the checks: their own app guards them. */
export const MICRO_APP_PREFIXES: readonly string[] = [];

export type GuardDecision = { allow: true } | { allow: false; redirectTo: string };

export function decideRoute(path: string, hash: string, loggedIn: boolean): GuardDecision {
  if (MICRO_APP_PREFIXES.some((prefix) => path.startsWith(prefix))) return { allow: true };
  if (loggedIn) {
    if (path === LOGIN_PATH) return { allow: false, redirectTo: '/' };
    if (path === '/' || path === '') return { allow: false, redirectTo: DEFAULT_MENU };
    return { allow: true };
  }
  if (PUBLIC_PATHS.includes(path) || path.startsWith('/cas/')) return { allow: true };
  if (TOKENLESS_EXCEPTIONS.some((exception) => path === exception || path.startsWith(`${exception}/`))) {
    return { allow: true };
  }
  if (`${path}${hash}`.includes('/ldview/#/release-page/')) return { allow: true };
  return { allow: false, redirectTo: GATEWAY_PATH };
}
