/**
 * Where a search led (搜索监控's 去向): the page a user opened from the answer of a search the server recorded (the
 * side menu's app search, a list whose file declares `searchLog`, the knowledge search), told to the server in the
 * background. Recording is the monitor's convenience: its failure never disturbs the user.
 */
import catalog from '../../schemas/apis/portal.json';
import { MsgCode } from '../shared/envelope';
import { callApi } from './api';
import type { EngineSeams } from './seams';
import type { ApiDescriptor } from './types';

const SEARCH_TARGET = catalog.apis.searchRecordTarget as ApiDescriptor;

/** Refusals the monitor can live without: answered quietly instead of the transport's toast. */
export const QUIET_SEARCH_CODES = [
  MsgCode.invalidInput,
  MsgCode.forbidden,
  MsgCode.notFound,
  MsgCode.tooManyAttempts,
  MsgCode.internal,
];

/** Records `target` as where the search `searchId` led; nothing when there is no search or no page. */
export function noteSearchTarget(
  seams: Pick<EngineSeams, 'transport' | 'encryptor'>,
  searchId: unknown,
  target: { path: string | undefined; name: string },
): void {
  if (typeof searchId !== 'string' || searchId === '' || !target.path) return;
  callApi(seams, SEARCH_TARGET, {
    variables: { id: searchId },
    body: { path: target.path, name: target.name },
    acceptCodes: QUIET_SEARCH_CODES,
  }).catch(() => undefined);
}
