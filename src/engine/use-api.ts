/** SWR over API descriptors, for screens that read data (kept apart so the login page ships without SWR). */
import { useState } from 'react';
import useSWR, { mutate, useSWRConfig, type SWRConfiguration } from 'swr';
import { apiKey, startRead, takeAnsweredRead, takeRead } from './reads';
import { useSeams, type EngineSeams } from './seams';
import type { ApiDescriptor } from './types';

/**
 * SWR over a descriptor: `params` travel as the query of a read and as the body of a POST read (a menu tree
 * for a project type); the key is the method, URL and params, so equal calls share one request.
 */
export function useApi<T>(
  descriptor: ApiDescriptor | null,
  params?: Record<string, unknown>,
  config?: SWRConfiguration<T>,
) {
  const seams = useSeams();
  const key = descriptor ? apiKey(descriptor, params) : null;
  // A read `preloadApi` started that has answered is in the cache already: the first render shows it, and mounting
  // does not ask again (which would also render once more, loading then loaded, for the same answer).
  const [preloaded] = useState(() => key !== null && takeAnsweredRead(key));
  return useSWR<T>(
    key,
    () => takeRead(seams, descriptor as ApiDescriptor, params) as Promise<T>,
    preloaded ? { ...config, revalidateOnMount: false } : config,
  );
}

/**
 * Starts a read now, before the screen that shows it has rendered (its code may still be on the way): the
 * screen's `useApi` with the same descriptor and params takes this request instead of making its own, and when the
 * answer came first, finds it in the cache. Answers the read's result (undefined when it failed: the screen's own
 * `useApi` reports that).
 */
export function preloadApi(
  seams: EngineSeams,
  descriptor: ApiDescriptor,
  params?: Record<string, unknown>,
): Promise<unknown> {
  const started = startRead(seams, descriptor, params);
  return started.read.then(
    (data: unknown) => {
      // A read a screen took reaches it through that screen's own cache entry (perhaps newer by now).
      if (!started.taken) void mutate(apiKey(descriptor, params), data, { revalidate: false });
      return data;
    },
    () => undefined,
  );
}

/**
 * Drops every cached read of a descriptor, whatever its params, and refetches those on screen: after a write,
 * every search of the list is stale, not only the one showing.
 */
export function useInvalidateApi(descriptor: ApiDescriptor): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () =>
    mutate((key) => Array.isArray(key) && key[0] === descriptor.method && key[1] === descriptor.url, undefined, {
      revalidate: true,
    });
}

/** Drops every cached read of these URLs, whatever method and params, and refetches those on screen. */
export function useInvalidateUrls(urls: readonly string[]): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => Array.isArray(key) && urls.includes(String(key[1])), undefined, { revalidate: true });
}
