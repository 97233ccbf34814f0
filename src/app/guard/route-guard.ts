/**
 * The route guard of spec section 2, as a pure decision so every rule is testable without a browser.
 * Paths are relative to the router's basename (/app). The screens that open without a token (the report viewer,
 * data fill links, release pages) are the modules': each declares its paths (module.json `tokenlessPaths`,
 * `publicPages`), and the guard opens those doors only.
 */
import { GATEWAY_PATH, LOGIN_PATH } from '../../shared/layout-routes';

export { GATEWAY_PATH, LOGIN_PATH };
export const DEFAULT_MENU = '/work-bench';

/** Routes that are open without a token. */
const PUBLIC_PATHS = [LOGIN_PATH, GATEWAY_PATH, '/cas'];
/** Micro-app areas skip the checks: their own app guards them. */
export const MICRO_APP_PREFIXES: readonly string[] = [];

export type GuardDecision = { allow: true } | { allow: false; redirectTo: string };

/** What the modules open without a token: paths (and below), and public pages (a hash route only with its hash). */
export interface TokenlessDoors {
  paths: readonly string[];
  publicPages: readonly { path: string; hash?: string }[];
}

const bare = (path: string) => path.replace(/\/+$/, '') || '/';
const atOrBelow = (path: string, door: string) => path === door || path.startsWith(`${door}/`);

function opensWithoutToken(path: string, hash: string, doors: TokenlessDoors): boolean {
  if (doors.paths.some((door) => atOrBelow(path, door))) return true;
  return doors.publicPages.some((page) =>
    page.hash ? bare(path) === bare(page.path) && hash.startsWith(page.hash) : atOrBelow(path, bare(page.path)),
  );
}

export function decideRoute(path: string, hash: string, loggedIn: boolean, doors: TokenlessDoors): GuardDecision {
  if (MICRO_APP_PREFIXES.some((prefix) => path.startsWith(prefix))) return { allow: true };
  if (loggedIn) {
    if (path === LOGIN_PATH) return { allow: false, redirectTo: '/' };
    if (path === '/' || path === '') return { allow: false, redirectTo: DEFAULT_MENU };
    return { allow: true };
  }
  if (PUBLIC_PATHS.includes(path) || path.startsWith('/cas/')) return { allow: true };
  if (opensWithoutToken(path, hash, doors)) return { allow: true };
  return { allow: false, redirectTo: GATEWAY_PATH };
}
