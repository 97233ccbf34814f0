/**
 * What happens after a login call answers (spec section 4): store the tokens, load and store the user; or,
 * on -16001, store the password-only token so that the forced change-password dialog can use it.
 */
import { callApi, pickPath } from '../../engine/api';
import type { EngineSeams } from '../../engine/seams';
import { MsgCode, type CurrentUser, type Envelope, type TokenPair } from '../../shared/envelope';
import { portalApis } from '../portal-apis';
import { removeStored, writeStored } from '../session/storage';

/** The codes a login form hands to its page instead of failing. */
export const LOGIN_ACCEPTED_CODES = [MsgCode.mustChangePassword] as const;

export type LoginOutcome = { kind: 'session'; user: CurrentUser } | { kind: 'must-change-password' };

/**
 * Stores the tokens, then loads and stores the user they belong to and picks the project to work in (every login
 * path and single sign-on).
 */
export async function startSession(seams: EngineSeams, tokens: TokenPair): Promise<CurrentUser> {
  writeStored('tokenInfo', tokens);
  const userEnvelope = await callApi<Envelope>(seams, portalApis.currentUser);
  const user = pickPath(userEnvelope, portalApis.currentUser.resultPath) as CurrentUser;
  writeStored('userInfo', user);
  const permissions = await callApi<Envelope>(seams, portalApis.currentPermissions).catch(() => undefined);
  writeStored('permissions', (pickPath(permissions, portalApis.currentPermissions.resultPath) as string[]) ?? []);
  // The project the portal opens in (loaded with the page's next chunk, not with the login page).
  const { pickInitialProject } = await import('../projects/initial-project');
  await pickInitialProject(seams, user.id).catch(() => undefined);
  return user;
}

export async function completeLogin(seams: EngineSeams, envelope: Envelope<TokenPair>): Promise<LoginOutcome> {
  if (!envelope.data?.access_token) throw new Error('登录响应缺少令牌');
  if (envelope.msgCode === MsgCode.mustChangePassword) {
    // This token may only change the password (DESIGN.md): keep it for the forced dialog, load nothing else.
    writeStored('tokenInfo', envelope.data);
    return { kind: 'must-change-password' };
  }
  return { kind: 'session', user: await startSession(seams, envelope.data) };
}

/**
 * A failed login (-1, spec section 4, the reading that keeps the user on the form so that a typo costs one
 * retry): whatever session was stored before is dropped, so no stale token or user outlives a failed login.
 */
export function forgetSession(): void {
  for (const key of ['tokenInfo', 'userInfo', 'currentMenuList', 'selectInfo', 'objectInfo'] as const)
    removeStored(key);
}

export function isLoginFailure(error: unknown): boolean {
  const detail = (error as { detail?: { msgCode?: number } } | null)?.detail;
  return detail?.msgCode === MsgCode.loginFailed;
}
