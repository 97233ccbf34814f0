/**
 * What happens after the login form's submit succeeds (spec section 4): store the tokens, load and store the
 * user, then the caller goes to the gateway page.
 */
import { callApi, pickPath } from '../../engine/api';
import type { EngineSeams } from '../../engine/seams';
import type { CurrentUser, Envelope, TokenPair } from '../../shared/envelope';
import { portalApis } from '../portal-apis';
import { writeStored } from '../session/storage';

/** Stores the tokens, then loads and stores the user they belong to (account login and single sign-on alike). */
export async function startSession(seams: EngineSeams, tokens: TokenPair): Promise<CurrentUser> {
  writeStored('tokenInfo', tokens);
  const userEnvelope = await callApi<Envelope>(seams, portalApis.currentUser);
  const user = pickPath(userEnvelope, portalApis.currentUser.resultPath) as CurrentUser;
  writeStored('userInfo', user);
  return user;
}

export async function completeLogin(seams: EngineSeams, envelope: Envelope<TokenPair>): Promise<CurrentUser> {
  if (!envelope.data?.access_token) throw new Error('登录响应缺少令牌');
  return startSession(seams, envelope.data);
}
