/**
 * What the portal keeps in the browser (spec section 3): each key JSON in localStorage. Only these names are
 * used, so logging out can clear them all, and tests can read them.
 */
import type { BaseConfig, CurrentUser, MenuRecord, TokenPair } from '../../shared/envelope';
import type { OpenTab } from '../layout/open-tabs';
import {
  FIRST_SCREEN_COOKIE_PATH,
  FIRST_SCREEN_PROJECT_COOKIE,
  FIRST_SCREEN_TOKEN_COOKIE,
} from '../../shared/first-screen';

export interface StoredValues {
  tokenInfo: TokenPair;
  userInfo: CurrentUser;
  currentMenuList: MenuRecord[];
  selectInfo: Record<string, unknown>;
  objectInfo: Record<string, unknown>;
  baseConfig: BaseConfig;
  thirdPartyList: unknown[];
  /** The open-tab strip and the company logo persist across browser sessions (spec section 3). */
  openMenuTabs: OpenTab[];
  companyLogo: string;
  /** Permission strings of the menus the user's roles grant: the client hides what the user may not do. */
  permissions: string[];
}
export type StoredKey = keyof StoredValues;

export function readStored<K extends StoredKey>(key: K): StoredValues[K] | undefined {
  // The login page prerendered at build time (src/app/prerender.tsx) renders for a visitor with nothing stored.
  if (typeof localStorage === 'undefined') return undefined;
  const text = localStorage.getItem(key);
  if (text === null) return undefined;
  try {
    return JSON.parse(text) as StoredValues[K];
  } catch {
    localStorage.removeItem(key);
    return undefined;
  }
}

export function writeStored<K extends StoredKey>(key: K, value: StoredValues[K]): void {
  localStorage.setItem(key, JSON.stringify(value));
  if (key in SCREEN_COOKIES) mirrorSessionCookies();
}

export function removeStored(key: StoredKey): void {
  localStorage.removeItem(key);
  if (key in SCREEN_COOKIES) mirrorSessionCookies();
}

/** The stored values the server renders a first screen with, and the cookie each travels in (src/shared/first-screen.ts). */
const SCREEN_COOKIES: Partial<Record<StoredKey, { cookie: string; value: () => string | undefined }>> = {
  tokenInfo: { cookie: FIRST_SCREEN_TOKEN_COOKIE, value: () => readStored('tokenInfo')?.access_token },
  // The project's id only: the stored selection (its logo, its devices) is larger than a cookie may be.
  selectInfo: {
    cookie: FIRST_SCREEN_PROJECT_COOKIE,
    value: () => {
      const projectId = readStored('selectInfo')?.projectId;
      return typeof projectId === 'string' ? projectId : undefined;
    },
  },
};
const SCREEN_COOKIE_DAYS = 30;

/**
 * Sets (or expires) the cookies that carry the token and the selected project with the web app's documents, equal
 * to what is stored: the server renders the first screen of a logged-in route with them. Documents under /app only,
 * never cross-site; the API ignores them (it authenticates by header).
 */
export function mirrorSessionCookies(): void {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; secure' : '';
  for (const { cookie, value } of Object.values(SCREEN_COOKIES)) {
    const current = value();
    document.cookie = current
      ? `${cookie}=${encodeURIComponent(current)}; path=${FIRST_SCREEN_COOKIE_PATH}; max-age=${SCREEN_COOKIE_DAYS * 86_400}; samesite=strict${secure}`
      : `${cookie}=; path=${FIRST_SCREEN_COOKIE_PATH}; max-age=0; samesite=strict${secure}`;
  }
}

let permissionSet: { text: string | null; set: ReadonlySet<string> } | undefined;

/**
 * The stored permission strings as a set, parsed again only when the stored value changed: a list asks for every
 * row's actions (an admin holds hundreds of strings), and parsing them on each question showed in its first render.
 */
export function storedPermissions(): ReadonlySet<string> {
  const text = typeof localStorage === 'undefined' ? null : localStorage.getItem('permissions');
  if (permissionSet?.text !== text) permissionSet = { text, set: new Set(readStored('permissions') ?? []) };
  return permissionSet.set;
}

export function hasToken(): boolean {
  return Boolean(readStored('tokenInfo')?.access_token);
}

/** Every readable cookie of this page, on the path and on the parent domains it may have been set for. */
function clearCookies(): void {
  const hostParts = location.hostname.split('.');
  const domains = hostParts.map((_part, index) => hostParts.slice(index).join('.'));
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (!name) continue;
    const expired = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    document.cookie = `${expired}; path=/`;
    document.cookie = `${expired}; path=${FIRST_SCREEN_COOKIE_PATH}`;
    for (const domain of domains) document.cookie = `${expired}; path=/; domain=${domain}`;
  }
}

/** Logging out (spec section 4): all local and session storage, and cookies, including by domain. */
const LOGIN_NOTICE = 'loginNotice';

/** Why the user is being sent to the login page (the session ended), for that page to say; this tab only. */
export function leaveLoginNotice(message: string): void {
  sessionStorage.setItem(LOGIN_NOTICE, message);
}

/** The notice left for the login page, once: read and forgotten. */
export function takeLoginNotice(): string | undefined {
  if (typeof sessionStorage === 'undefined') return undefined;
  const message = sessionStorage.getItem(LOGIN_NOTICE) ?? undefined;
  sessionStorage.removeItem(LOGIN_NOTICE);
  return message;
}

export function clearEverything(): void {
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
}
