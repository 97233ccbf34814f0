/**
 * The login, refresh and logout flows (DESIGN.md "HTTP contract"), on top of users, captchas, SMS codes, the
 * lockout and sessions. Every failure is a DomainError whose problem the HTTP layer maps
 * to the spec's code; its message is the Chinese text.
 */
import type { TokenPair } from '../../shared/envelope.js';
import type { Clock } from '../config.js';
import type { UserRow } from '../db/tables.js';
import { Messages } from '../http/api-error.js';
import type { AccessTokens } from './access-tokens.js';
import type { Captchas } from './captcha.js';
import type { LoginLockout } from './login-lockout.js';
import { mustChangePassword } from './password-policy.js';
import { verifyPassword } from './passwords.js';
import type { SessionClient, Sessions } from './sessions.js';
import type { SmsCodes } from './sms-codes.js';
import type { Users } from './users.js';
import { DomainError } from '../domain-error.js';

export interface AccountLogin {
  username: string;
  password: string;
  validateCode: string;
}

export interface PhoneLogin {
  phone: string;
  smsCode: string;
}

export const PHONE_LOGIN_FAILED = '手机号或验证码错误';

export interface AuthenticationDeps {
  users: Users;
  captchas: Captchas;
  sessions: Sessions;
  accessTokens: AccessTokens;
  lockout: LoginLockout;
  smsCodes: SmsCodes;
  now: Clock;
  passwordMaxAgeDays: number;
}

export class Authentication {
  constructor(private readonly deps: AuthenticationDeps) {}

  /**
   * Checks and consumes the captcha (single use, right or wrong; a wrong one does not count towards the lockout),
   * then the lockout, then the credentials.
   */
  async loginWithAccount(
    input: AccountLogin,
    captchaId: string | undefined,
    client: SessionClient = {},
  ): Promise<TokenPair> {
    if (!(await this.deps.captchas.consume(captchaId, input.validateCode))) {
      throw new DomainError('loginRefused', Messages.captchaInvalid);
    }
    const user = await this.checkCredentials(input.username, input.password);
    return this.startSession(user, client);
  }

  /**
   * The password check shared by login and GET /api/system/sendCode/getMobile: -429 while locked; -1 账号或密码错误
   * for an unknown name or a wrong password alike (both counted); -1 账号已被禁用 after a right password.
   */
  async checkCredentials(loginName: string, password: string): Promise<UserRow> {
    // Counted before the (slow) password check, so parallel guesses cannot all slip past the lock.
    await this.deps.lockout.reserveAttempt(loginName);
    const user = await this.deps.users.findByLoginName(loginName);
    const passwordOk = await verifyPassword(user?.password_hash, password);
    if (!user || !passwordOk) throw new DomainError('loginRefused', Messages.badCredentials);
    await this.deps.lockout.clear(loginName);
    if (user.login_flag !== '1') throw new DomainError('loginRefused', Messages.accountDisabled);
    return user;
  }

  /**
   * Consumes the 'login' code of the phone (its own -400 messages), then logs in the enabled user with that mobile;
   * none: -1 手机号或验证码错误.
   */
  async loginWithPhone(input: PhoneLogin, client: SessionClient = {}): Promise<TokenPair> {
    await this.deps.smsCodes.consume(input.phone, 'login', input.smsCode, 'smsCode');
    const user = await this.deps.users.findByMobile(input.phone, { enabledOnly: true });
    if (!user) throw new DomainError('loginRefused', PHONE_LOGIN_FAILED);
    return this.startSession(user, client);
  }

  /**
   * A new session for an authenticated user (account, phone or single sign-on). A user who must change the
   * password gets -16001 with a pair whose access token only allows the password change.
   */
  async startSession(user: UserRow, client: SessionClient = {}): Promise<TokenPair> {
    const session = await this.deps.sessions.start(user.id, client);
    if (mustChangePassword(user, this.deps.now(), this.deps.passwordMaxAgeDays)) {
      const pair: TokenPair = {
        access_token: this.deps.accessTokens.issue(user.id, session.familyId, 'password'),
        refresh_token: session.token,
      };
      throw new DomainError('passwordChangeRequired', Messages.mustChangePassword, { data: pair });
    }
    return { access_token: this.deps.accessTokens.issue(user.id, session.familyId), refresh_token: session.token };
  }

  /** Spends the refresh token for a new pair; reuse of a spent token revokes the whole session (-10014). */
  async refresh(refreshToken: string, client: SessionClient = {}): Promise<TokenPair> {
    const { sessions, users, accessTokens } = this.deps;
    const rotated = await sessions.rotate(refreshToken, client);
    if (rotated.status !== 'rotated') throw new DomainError('sessionInvalid', Messages.sessionInvalid);
    const user = await users.findById(rotated.userId);
    if (!user || user.del_flag !== '0' || user.login_flag !== '1') {
      await sessions.revokeFamily(rotated.familyId);
      throw new DomainError('sessionInvalid', Messages.sessionInvalid);
    }
    const scope = mustChangePassword(user, this.deps.now(), this.deps.passwordMaxAgeDays) ? 'password' : undefined;
    return { access_token: accessTokens.issue(user.id, rotated.familyId, scope), refresh_token: rotated.token };
  }

  /** Ends the session of the access token (even an expired one) and/or of the refresh token; never fails. */
  async logout(accessToken: string | undefined, refreshToken: string | undefined): Promise<void> {
    const families = new Set<string>();
    if (accessToken) {
      const verified = this.deps.accessTokens.verify(accessToken);
      if (verified.status !== 'invalid') families.add(verified.claims.sid);
    }
    if (refreshToken) {
      const family = await this.deps.sessions.familyOf(refreshToken);
      if (family) families.add(family);
    }
    for (const family of families) await this.deps.sessions.revokeFamily(family);
  }
}
