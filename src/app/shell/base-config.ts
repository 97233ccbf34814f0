/** The base config (spec section 3): fetched once, cached in localStorage, and the page title comes from it. */
import { callApi, pickPath } from '../../engine/api';
import type { BaseConfig, Envelope } from '../../shared/envelope';
import { portalApis } from '../portal-apis';
import { readStored, writeStored } from '../session/storage';
import { seams } from './seams';

export const DEFAULT_TITLE = '智慧工地管理平台';

export function applyTitle(config: BaseConfig | undefined) {
  document.title = config?.name || DEFAULT_TITLE;
}

export async function refreshBaseConfig(): Promise<BaseConfig | undefined> {
  applyTitle(readStored('baseConfig'));
  try {
    const envelope = await callApi<Envelope>(seams, portalApis.baseConfig);
    const config = pickPath(envelope, portalApis.baseConfig.resultPath) as BaseConfig | undefined;
    if (config) {
      writeStored('baseConfig', config);
      applyTitle(config);
    }
    return config;
  } catch {
    return readStored('baseConfig');
  }
}
