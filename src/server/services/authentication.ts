/**
 * The login, refresh and logout flows (DESIGN.md "HTTP contract"), on top of users, captchas and sessions.
 * Every failure is an ApiError carrying the spec's code and Chinese message.
 */
import { MsgCode, type TokenPair } from '../../shared/envelope.js';
import { ApiError, Messages } from '../http/api-error.js';
import type { AccessTokens } from './access-tokens.js';
import type { Captchas } from './captcha.js';
import { verifyPassword } from './passwords.js';
import type { Sessions } from './sessions.js';
import type { Users } from './users.js';

export interface AccountLogin {
  username: string;
  password: string;
  validateCode: string;
}

export class Authentication {
  constructor(
    private readonly users: Users,
    private readonly captchas: Captchas,
    private readonly sessions: Sessions,
    private readonly accessTokens: AccessTokens,
  ) {}

  /**
   * Checks and consumes the captcha (single use, right or wrong), then the credentials. A user who must change
   * the password gets -16001 with a pair whose access token only allows the password change.
   */
  async loginWithAccount(input: AccountLogin, captchaId: string | undefined): Promise<TokenPair> {
    if (!(await this.captchas.consume(captchaId, input.validateCode))) {
      throw new ApiError(MsgCode.loginFailed, Messages.captchaInvalid);
    }
    const user = await this.users.findByLoginName(input.username);
    const passwordOk = await verifyPassword(user?.password_hash, input.password);
    if (!user || !passwordOk) throw new ApiError(MsgCode.loginFailed, Messages.badCredentials);
    if (user.login_flag !== '1') throw new ApiError(MsgCode.loginFailed, Messages.accountDisabled);
    const session = await this.sessions.start(user.id);
    if (user.password_must_change) {
      const pair: TokenPair = {
        access_token: this.accessTokens.issue(user.id, session.familyId, 'password'),
        refresh_token: session.token,
      };
      throw new ApiError(MsgCode.mustChangePassword, Messages.mustChangePassword, pair);
    }
    return { access_token: this.accessTokens.issue(user.id, session.familyId), refresh_token: session.token };
  }

  /** Spends the refresh token for a new pair; reuse of a spent token revokes the whole session (-10014). */
  async refresh(refreshToken: string): Promise<TokenPair> {
    const rotated = await this.sessions.rotate(refreshToken);
    if (rotated.status !== 'rotated') throw new ApiError(MsgCode.sessionInvalid, Messages.sessionInvalid);
    const user = await this.users.findById(rotated.userId);
    if (!user || user.del_flag !== '0' || user.login_flag !== '1') {
      await this.sessions.revokeFamily(rotated.familyId);
      throw new ApiError(MsgCode.sessionInvalid, Messages.sessionInvalid);
    }
    const scope = user.password_must_change ? 'password' : undefined;
    return { access_token: this.accessTokens.issue(user.id, rotated.familyId, scope), refresh_token: rotated.token };
  }

  /** Ends the session of the access token (even an expired one) and/or of the refresh token; never fails. */
  async logout(accessToken: string | undefined, refreshToken: string | undefined): Promise<void> {
    const families = new Set<string>();
    if (accessToken) {
      const verified = this.accessTokens.verify(accessToken);
      if (verified.status !== 'invalid') families.add(verified.claims.sid);
    }
    if (refreshToken) {
      const family = await this.sessions.familyOf(refreshToken);
      if (family) families.add(family);
    }
    for (const family of families) await this.sessions.revokeFamily(family);
  }
}
