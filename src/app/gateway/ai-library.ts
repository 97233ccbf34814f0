/**
 * The AI drawing library tile (spec section 4, "Tiles"): prepare; when the server asks for a mobile check,
 * the SMS dialog gets an access code, which buys the signed address; otherwise the address comes at once.
 * The address opens in a new window.
 */
import { pickPath } from '../../engine/api';
import { runAction } from '../../engine/actions';
import type { EngineSeams } from '../../engine/seams';
import { portalApis } from '../portal-apis';

export interface AiPrepared {
  mobileVerify: boolean;
  aiUrl?: string;
  requestBody: string;
  sign: string;
}

export async function prepareAiLibrary(seams: EngineSeams, account: string): Promise<AiPrepared> {
  const envelope = await runAction(seams, { api: portalApis.aiPrepare }, { account });
  return pickPath(envelope, portalApis.aiPrepare.resultPath) as AiPrepared;
}

export async function aiLibraryUrl(seams: EngineSeams, prepared: AiPrepared, accessCode: string): Promise<string> {
  const envelope = await runAction(
    seams,
    { api: portalApis.aiReturnUrl },
    { accessCode, requestBody: prepared.requestBody, sign: prepared.sign },
  );
  return String(pickPath(envelope, `${portalApis.aiReturnUrl.resultPath}.aiUrl`));
}
