/** SWR over API descriptors, for screens that read data (kept apart so the login page ships without SWR). */
import useSWR, { type SWRConfiguration } from 'swr';
import { callApi, pickPath, type ApiVariables } from './api';
import { useSeams } from './seams';
import type { ApiDescriptor } from './types';

/** SWR over a descriptor: the key is the method, filled URL and variables, so equal calls share one request. */
export function useApi<T>(descriptor: ApiDescriptor | null, variables?: ApiVariables, config?: SWRConfiguration<T>) {
  const seams = useSeams();
  const key = descriptor ? [descriptor.method, descriptor.url, JSON.stringify(variables ?? {})] : null;
  return useSWR<T>(
    key,
    async () => pickPath(await callApi(seams, descriptor as ApiDescriptor, { variables }), descriptor?.resultPath) as T,
    config,
  );
}
