/**
 * The accounts area: who a caller is and how they get in. Tokens, sessions, captchas, users, SMS codes, the
 * lockout, the login/refresh flows, password changes, registration, the AI library's and SSO's logins.
 */
import path from 'node:path';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { schemasDir } from '../paths.js';
import { AccessTokens } from './access-tokens.js';
import { AiLibrary } from '../portal/ai-library.js';
import { Authentication } from './authentication.js';
import { Captchas } from './captcha.js';
import { FieldCrypto } from './crypto.js';
import type { Dictionaries } from '../portal/dictionaries.js';
import { FormValidation, loadFormFiles } from '../lib/form-validation.js';
import type { AppKeys } from './keys.js';
import { LoginLockout } from './login-lockout.js';
import { PasswordChanges } from './password-changes.js';
import { Registration } from './registration.js';
import { Sessions } from './sessions.js';
import { SingleSignOn } from './single-sign-on.js';
import { SmsCodes } from './sms-codes.js';
import { createSmsSender } from './sms/index.js';
import type { SmsSender } from './sms/sms-sender.js';
import { Users } from './users.js';

export interface AccountServices {
  accessTokens: AccessTokens;
  sessions: Sessions;
  captchas: Captchas;
  /** Decrypts the RSA/SM2-encrypted fields of forms (passwords, ID numbers). */
  crypto: FieldCrypto;
  /** Every form file's validator, shared with the browser's. */
  forms: FormValidation;
  users: Users;
  smsCodes: SmsCodes;
  /** The configured SMS provider: codes go through smsCodes; notices of the message outbox directly. */
  smsSender: SmsSender;
  lockout: LoginLockout;
  authentication: Authentication;
  passwordChanges: PasswordChanges;
  registration: Registration;
  aiLibrary: AiLibrary;
  singleSignOn: SingleSignOn;
}

export function createAccountServices(
  db: Db,
  keys: AppKeys,
  config: ServerConfig,
  deps: { dictionaries: Dictionaries; smsSender?: SmsSender },
): AccountServices {
  const now = config.now;
  const crypto = new FieldCrypto(keys);
  const accessTokens = new AccessTokens(keys.tokenSecret, config.accessTtlSeconds, now);
  const sessions = new Sessions(db, config.refreshTtlSeconds, config.userCacheTtlMs);
  const captchas = new Captchas(db, keys.tokenSecret, config.captchaFixed);
  const users = new Users(db, config.userCacheTtlMs);
  const smsSender = deps.smsSender ?? createSmsSender(config);
  const smsCodes = new SmsCodes(db, keys.tokenSecret, smsSender, now);
  const lockout = new LoginLockout(db, now);
  const authentication = new Authentication({
    users,
    captchas,
    sessions,
    accessTokens,
    lockout,
    smsCodes,
    now,
    passwordMaxAgeDays: config.passwordMaxAgeDays,
  });
  const aiSecret = config.aiSecret === undefined ? keys.aiSecret : Buffer.from(config.aiSecret, 'utf8');
  const ssoSecret = config.ssoSecret === undefined ? keys.ssoSecret : Buffer.from(config.ssoSecret, 'utf8');
  return {
    accessTokens,
    sessions,
    captchas,
    crypto,
    forms: new FormValidation(loadFormFiles(path.join(schemasDir, 'forms')), crypto),
    users,
    smsCodes,
    smsSender,
    lockout,
    authentication,
    passwordChanges: new PasswordChanges(db, users, sessions, lockout, smsCodes, now),
    registration: new Registration(db, users, deps.dictionaries, smsCodes, now),
    aiLibrary: new AiLibrary(
      db,
      users,
      smsCodes,
      { aiUrl: config.aiUrl, secret: aiSecret, mobileVerify: config.aiMobileVerify },
      now,
    ),
    singleSignOn: new SingleSignOn(db, users, authentication, ssoSecret, now),
  };
}
