/** SWR over API descriptors, for screens that read data (kept apart so the login page ships without SWR). */
import useSWR, { useSWRConfig, type SWRConfiguration } from 'swr';
import { pickPath } from './api';
import { runAction } from './actions';
import { useSeams } from './seams';
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
  const key = descriptor ? [descriptor.method, descriptor.url, JSON.stringify(params ?? {})] : null;
  return useSWR<T>(
    key,
    async () =>
      pickPath(await runAction(seams, { api: descriptor as ApiDescriptor }, params ?? {}), descriptor?.resultPath) as T,
    config,
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
