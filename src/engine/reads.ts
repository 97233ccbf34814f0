/**
 * A read of an API descriptor and its cache key, without SWR (so the main script can start one): `useApi` and
 * `preloadApi` read through here, and a read started before SWR is loaded (`startRead`, for a logged-in link opened
 * directly) is handed to the first of them that asks for the same key instead of being made a second time.
 */
import { pickPath } from './api';
import { runAction } from './actions';
import type { EngineSeams } from './seams';
import type { ApiDescriptor } from './types';

/** The cache key of a read: equal method, URL and params share one request and one cached answer. */
export function apiKey(descriptor: ApiDescriptor, params?: Record<string, unknown>) {
  return [descriptor.method, descriptor.url, JSON.stringify(params ?? {})] as const;
}

export async function fetchApi(seams: EngineSeams, descriptor: ApiDescriptor, params?: Record<string, unknown>) {
  return pickPath(await runAction(seams, { api: descriptor }, params ?? {}), descriptor.resultPath);
}

/**
 * How long a started read waits to be taken: the screen that started it asks within moments. One left untaken (the
 * link led to the login page instead) must not answer a later screen, perhaps of another user's session.
 */
const STARTED_READ_KEPT_MS = 10_000;

const started = new Map<string, { read: Promise<unknown>; at: number }>();
const keyText = (key: ReturnType<typeof apiKey>) => key.join('\n');

/** Starts a read now; the first `takeRead` of its key gets it (its failure too, which is reported there). */
export function startRead(seams: EngineSeams, descriptor: ApiDescriptor, params?: Record<string, unknown>): void {
  const key = keyText(apiKey(descriptor, params));
  const earlier = started.get(key);
  if (earlier && Date.now() - earlier.at < STARTED_READ_KEPT_MS) return;
  const read = fetchApi(seams, descriptor, params);
  read.catch(() => undefined);
  started.set(key, { read, at: Date.now() });
}

/** The read of `descriptor` with `params`: the one started for it if not yet taken, else a new one. */
export function takeRead(seams: EngineSeams, descriptor: ApiDescriptor, params?: Record<string, unknown>) {
  const key = keyText(apiKey(descriptor, params));
  const early = started.get(key);
  started.delete(key);
  return early && Date.now() - early.at < STARTED_READ_KEPT_MS ? early.read : fetchApi(seams, descriptor, params);
}
