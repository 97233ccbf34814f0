/** SWR over API descriptors, for screens that read data (kept apart so the login page ships without SWR). */
import useSWR, { type SWRConfiguration } from 'swr';
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
