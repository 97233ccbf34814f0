/**
 * A read of an API descriptor and its cache key, without SWR (so the main script can start one): `useApi` and
 * `preloadApi` read through here, and a read started before the screen that shows it (`startRead`: by the main script
 * for a logged-in link opened directly, or by `preloadApi`) is handed to the first of them that asks for the same key
 * instead of being made a second time.
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

export type ApiKey = ReturnType<typeof apiKey>;

export interface StartedRead {
  key: ApiKey;
  read: Promise<unknown>;
  at: number;
  /** Set once the read has answered (successfully). */
  answered: boolean;
  /** Set once a screen took it: its answer reaches that screen through the screen's own cache. */
  taken: boolean;
}

const started = new Map<string, StartedRead>();
const keyText = (key: ApiKey) => key.join('\n');
const fresh = (entry: StartedRead | undefined): entry is StartedRead =>
  entry !== undefined && Date.now() - entry.at < STARTED_READ_KEPT_MS;

/**
 * Starts a read now, or answers the one started for the same key in the last seconds (taken or not: a page
 * prepared again right after its screen took its data does not ask twice); the first `takeRead` of its key gets it
 * (its failure too, which is reported there).
 */
export function startRead(
  seams: EngineSeams,
  descriptor: ApiDescriptor,
  params?: Record<string, unknown>,
): StartedRead {
  const key = apiKey(descriptor, params);
  const earlier = started.get(keyText(key));
  if (fresh(earlier)) return earlier;
  const entry: StartedRead = {
    key,
    read: fetchApi(seams, descriptor, params),
    at: Date.now(),
    answered: false,
    taken: false,
  };
  entry.read.then(
    () => (entry.answered = true),
    () => undefined,
  );
  started.set(keyText(key), entry);
  return entry;
}

/** The read of `descriptor` with `params`: the one started for it if not yet taken, else a new one. */
export function takeRead(seams: EngineSeams, descriptor: ApiDescriptor, params?: Record<string, unknown>) {
  const early = started.get(keyText(apiKey(descriptor, params)));
  if (!fresh(early) || early.taken) return fetchApi(seams, descriptor, params);
  early.taken = true;
  return early.read;
}

/**
 * Whether a started read of `key` has already answered and was not taken: it is then taken here, its answer being
 * what the caller shows (the cache holds it, `preloadApi`), and no request is made for it.
 */
export function takeAnsweredRead(key: ApiKey): boolean {
  const early = started.get(keyText(key));
  if (!fresh(early) || early.taken || !early.answered) return false;
  early.taken = true;
  return true;
}

/**
 * The reads started so far that have answered, with their answers: what the server's render of a first screen
 * shows (src/app/first-screen/render.tsx).
 */
export async function answeredReads(): Promise<{ key: ApiKey; data: unknown }[]> {
  const answered = [...started.values()].filter((entry) => entry.answered);
  return Promise.all(answered.map(async (entry) => ({ key: entry.key, data: await entry.read })));
}

/** Forgets every started read: the server's render of one user's first screen leaves nothing to the next. */
export function forgetStartedReads(): void {
  started.clear();
}
