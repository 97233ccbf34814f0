/** Log out (spec section 4): tell the server, clear every stored thing, go to login with a fresh page. */
import { callApi } from '../../engine/api';
import type { EngineSeams } from '../../engine/seams';
import { portalApis } from '../portal-apis';
import { clearEverything, readStored } from './storage';

export async function logout(seams: EngineSeams): Promise<void> {
  const refreshToken = readStored('tokenInfo')?.refresh_token;
  try {
    await callApi(seams, portalApis.logout, { body: { refreshToken } });
  } catch {
    // The session ends here whatever the server said: the refresh token is forgotten with the storage.
  }
  clearEverything();
  window.location.assign('/app/login');
}
