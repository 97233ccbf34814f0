/**
 * The concrete app tile (混凝土应用, spec sections 6 and 7): it needs login, and its way in is the signed address
 * that POST /api/yt/v1.0/loginSkipPC answers for the current project; that address opens in a new tab.
 */
import { pickPath } from '../../engine/api';
import { runAction } from '../../engine/actions';
import type { EngineSeams } from '../../engine/seams';
import { portalApis } from '../portal-apis';

export async function concreteAppUrl(seams: EngineSeams, projectName: string | undefined): Promise<string> {
  const envelope = await runAction(seams, { api: portalApis.concreteAppUrl }, { projectName: projectName ?? '' });
  return String(pickPath(envelope, portalApis.concreteAppUrl.resultPath));
}
