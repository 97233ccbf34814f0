/**
 * Setting a password: by the user (old password, POST /api/user/v1.0/validateChangePassword) or through forgot
 * password (a verified 'reset' SMS code, POST /api/register/passwardUpdate). Either way: a new argon2id hash,
 * no forced change any more, password_changed_at now, the lockout of the login name lifted, and every session of
 * the user ended, so the new password is needed everywhere.
 */
import type { Clock } from '../config.js';
import type { Db } from '../db/database.js';
import type { LoginLockout } from './login-lockout.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { Sessions } from './sessions.js';
import type { SmsCodes } from './sms-codes.js';
import type { Users } from './users.js';
import { invalidField } from '../domain-error.js';

export const PasswordMessages = {
  changed: '密码修改成功，请使用新密码重新登录',
  wrongOld: '旧密码不正确',
  sameAsOld: '新密码不能与旧密码相同',
  reset: '新密码修改成功！',
  verifyFirst: '请先完成手机验证码校验',
} as const;

export class PasswordChanges {
  constructor(
    private readonly db: Db,
    private readonly users: Users,
    private readonly sessions: Sessions,
    private readonly lockout: LoginLockout,
    private readonly smsCodes: SmsCodes,
    private readonly now: Clock,
  ) {}

  /** The logged-in user's change: -400 旧密码不正确 / 新密码不能与旧密码相同 naming the field. */
  async change(userId: string, oldPassword: string, newPassword: string): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user || !(await verifyPassword(user.password_hash, oldPassword))) {
      throw invalidField('oldPassword', PasswordMessages.wrongOld);
    }
    if (oldPassword === newPassword) throw invalidField('newPassword', PasswordMessages.sameAsOld);
    await this.store(user.id, user.login_name, newPassword);
  }

  /**
   * Forgot password, last step: uses up the verified 'reset' code of `phone` (else -400 请先完成手机验证码校验,
   * naming `field`) and sets the password of the user with that mobile.
   */
  async resetByPhone(phone: string, newPassword: string, field: string): Promise<void> {
    const user = await this.users.findByMobile(phone, { enabledOnly: false });
    // Hash before using the code up: a failure here must not cost the user the verified code.
    const passwordHash = await hashPassword(newPassword);
    if (!user || !(await this.smsCodes.consumeVerified(phone, 'reset')))
      throw invalidField(field, PasswordMessages.verifyFirst);
    await this.store(user.id, user.login_name, newPassword, passwordHash);
  }

  private async store(userId: string, loginName: string, password: string, passwordHash?: string): Promise<void> {
    await this.db
      .updateTable('sys_user')
      .set({
        password_hash: passwordHash ?? (await hashPassword(password)),
        password_must_change: false,
        password_changed_at: this.now(),
        updated_at: this.now(),
      })
      .where('id', '=', userId)
      .execute();
    await this.sessions.revokeUser(userId);
    await this.lockout.clear(loginName);
    this.users.forget(userId);
  }
}
