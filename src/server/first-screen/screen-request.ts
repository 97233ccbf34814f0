/**
 * What a document request asks of the first-screen render (src/shared/first-screen.ts): the session's cookies,
 * and this server's own address for the render's calls.
 */
import type { AddressInfo } from 'node:net';
import {
  FIRST_SCREEN_PROJECT_COOKIE,
  FIRST_SCREEN_TOKEN_COOKIE,
  type FirstScreenRequest,
} from '../../shared/first-screen.js';

/** The value of cookie `name` in a Cookie header, if present and well formed. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim()) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Where this server answers its own calls: the address it listens on, loopback when it listens on all. */
export function ownOrigin(address: string | AddressInfo | null): string | undefined {
  if (!address || typeof address === 'string') return undefined;
  const host = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** The render a document asks for, when its request carries a session (and the server listens). */
export function firstScreenRequest(
  cookieHeader: string | undefined,
  path: string,
  pageId: string | undefined,
  origin: string | undefined,
): FirstScreenRequest | undefined {
  const accessToken = cookieValue(cookieHeader, FIRST_SCREEN_TOKEN_COOKIE);
  if (!accessToken || !origin) return undefined;
  return { path, pageId, accessToken, projectId: cookieValue(cookieHeader, FIRST_SCREEN_PROJECT_COOKIE), origin };
}
