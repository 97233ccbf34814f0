/** The base config (spec section 3): fetched once, cached in localStorage, and the page title comes from it. */
import { useSyncExternalStore } from 'react';
import { callApi, pickPath } from '../../engine/api';
import type { BaseConfig, Envelope } from '../../shared/envelope';
import { portalApis } from '../portal-apis';
import { readStored, writeStored } from '../session/storage';
import { seams } from './seams';

export const DEFAULT_TITLE = '智慧工地管理平台';

export function applyTitle(config: BaseConfig | undefined) {
  // The server's render of a first screen (src/app/first-screen/render.tsx) has no document.
  if (typeof document !== 'undefined') document.title = config?.name || DEFAULT_TITLE;
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The portal's name for headings: the stored base config's, updated when a fresh one arrives; the default in
 * prerendered HTML and while it hydrates.
 */
export function useSiteName(): string {
  return useSyncExternalStore(
    subscribe,
    () => readStored('baseConfig')?.name || DEFAULT_TITLE,
    () => DEFAULT_TITLE,
  );
}

export async function refreshBaseConfig(): Promise<BaseConfig | undefined> {
  applyTitle(readStored('baseConfig'));
  try {
    const envelope = await callApi<Envelope>(seams, portalApis.baseConfig);
    const config = pickPath(envelope, portalApis.baseConfig.resultPath) as BaseConfig | undefined;
    if (config) {
      writeStored('baseConfig', config);
      applyTitle(config);
      listeners.forEach((listener) => listener());
    }
    return config;
  } catch {
    return readStored('baseConfig');
  }
}
