/**
 * What the portal keeps in the browser (spec section 3): each key JSON in localStorage. Only these names are
 * used, so logging out can clear them all, and tests can read them.
 */
import type { BaseConfig, CurrentUser, MenuRecord, TokenPair } from '../../shared/envelope';
import type { OpenTab } from '../layout/open-tabs';

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
}

export function removeStored(key: StoredKey): void {
  localStorage.removeItem(key);
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
    for (const domain of domains) document.cookie = `${expired}; path=/; domain=${domain}`;
  }
}

/** Logging out (spec section 4): all local and session storage, and cookies, including by domain. */
export function clearEverything(): void {
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
}
