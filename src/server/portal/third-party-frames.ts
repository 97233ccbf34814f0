/**
 * Third-party apps shown inside the portal (a menu record with `thirdPartyUrl` and a portal route, such as 档案系统
 * at /other/archive): which origins the portal's pages may frame, and whether a third party lets itself be framed.
 * - Origins: those of the menu records' third-party addresses, read again whenever the menus changed (the
 *   database's `menu-tree` version), so an administrator's new menu is framable on the next page load. The web
 *   app's documents allow exactly these in `frame-src` (plugins/web-app.ts); nothing else can be framed.
 * - The check: a browser does not tell a page why a frame stayed blank, so the server asks the third party itself
 *   and reads its answer's X-Frame-Options and CSP frame-ancestors, as the browser will (frame-ancestors, when
 *   present, replaces X-Frame-Options). A party the server cannot reach (an intranet app only browsers see) is
 *   `unknown`: the page frames it and offers the new window beside it.
 */
import { readCacheVersion } from '../db/cache-versions.js';
import type { Db } from '../db/database.js';

export type FrameState = 'allowed' | 'refused' | 'unknown';

export interface FrameCheck {
  state: FrameState;
  /** Why, in the words the page shows (empty when allowed). */
  reason: string;
}

/** The origin of an http(s) address, or undefined. */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Whether one frame-ancestors source expression lets `portalOrigin` frame a page of `targetOrigin`. */
function sourceMatches(source: string, portalOrigin: string, targetOrigin: string): boolean {
  if (source === '*') return true;
  if (source === "'self'") return portalOrigin === targetOrigin;
  const portal = new URL(portalOrigin);
  if (/^[a-z][a-z0-9+.-]*:$/i.test(source)) return portal.protocol === source.toLowerCase();
  const match = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*\.)?([^/:]+)(?::(\d+|\*))?/i.exec(source);
  if (!match) return false;
  const [, scheme, wildcard, host, port] = match;
  if (scheme && `${scheme.toLowerCase()}:` !== portal.protocol) return false;
  const hostMatches = wildcard
    ? portal.hostname.endsWith(`.${host!.toLowerCase()}`)
    : portal.hostname === host!.toLowerCase();
  // A source without a port means its scheme's default port (CSP3 §6.7.2.8).
  const defaultPort = (protocol: string) => (protocol === 'https:' ? '443' : '80');
  const portalPort = portal.port || defaultPort(portal.protocol);
  const portMatches =
    port === '*' || (port ?? defaultPort(scheme ? `${scheme.toLowerCase()}:` : portal.protocol)) === portalPort;
  return hostMatches && portMatches;
}

/** The verdict of a third party's response headers on being framed by `portalOrigin`. */
export function framingVerdict(
  headers: { get(name: string): string | null },
  portalOrigin: string,
  targetOrigin: string,
): FrameCheck {
  const policies = (headers.get('content-security-policy') ?? '').split(',');
  for (const policy of policies) {
    const directive = policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .find(([name]) => name?.toLowerCase() === 'frame-ancestors');
    if (!directive) continue;
    const sources = directive.slice(1);
    if (sources.some((source) => sourceMatches(source, portalOrigin, targetOrigin)))
      return { state: 'allowed', reason: '' };
    return {
      state: 'refused',
      reason: `对方的内容安全策略（frame-ancestors ${sources.join(' ') || "'none'"}）不允许本门户内嵌`,
    };
  }
  const option = (headers.get('x-frame-options') ?? '').trim().toUpperCase();
  if (option === 'DENY') return { state: 'refused', reason: '对方设置了 X-Frame-Options: DENY，不允许任何网站内嵌' };
  if (option === 'SAMEORIGIN' && portalOrigin !== targetOrigin)
    return { state: 'refused', reason: '对方设置了 X-Frame-Options: SAMEORIGIN，只允许其自身网站内嵌' };
  return { state: 'allowed', reason: '' };
}

export class ThirdPartyFrames {
  private cached: { version: string; origins: readonly string[] } | undefined;

  constructor(
    private readonly db: Db,
    private readonly fetchImpl: typeof fetch = fetch,
    private readonly timeoutMs = 3000,
  ) {}

  /** The origins of every menu record's third-party address, as of the menus' current version. */
  async origins(): Promise<readonly string[]> {
    const version = await readCacheVersion(this.db, 'menu-tree');
    if (this.cached?.version === version) return this.cached.origins;
    const rows = await this.db
      .selectFrom('sys_menu')
      .select('third_party_url')
      .distinct()
      .where('del_flag', '=', '0')
      .where('third_party_url', 'is not', null)
      .where('third_party_url', '<>', '')
      .execute();
    const origins = [...new Set(rows.map((row) => originOf(row.third_party_url ?? '')).filter((o) => o !== undefined))];
    this.cached = { version, origins };
    return origins;
  }

  /** Whether the page at `url` lets `portalOrigin` frame it, asked of the third party itself. */
  async check(url: string, portalOrigin: string): Promise<FrameCheck> {
    const target = originOf(url);
    if (!target) return { state: 'refused', reason: '第三方地址不是有效的 http(s) 地址' };
    try {
      const response = await this.fetchImpl(url, {
        method: 'GET',
        redirect: 'follow',
        signal: AbortSignal.timeout(this.timeoutMs),
        headers: { accept: 'text/html' },
      });
      await response.body?.cancel();
      return framingVerdict(response.headers, portalOrigin, originOf(response.url) ?? target);
    } catch {
      return { state: 'unknown', reason: '服务器无法访问该应用，不能预先确认它是否允许内嵌' };
    }
  }
}
