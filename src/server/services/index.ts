/** Every service the routes use, built once per app from the database, the keys and the configuration. */
import path from 'node:path';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { schemasDir } from '../paths.js';
import { AccessTokens } from './access-tokens.js';
import { Authentication } from './authentication.js';
import { BaseConfigs } from './base-config.js';
import { Captchas } from './captcha.js';
import { FieldCrypto } from './crypto.js';
import { Dictionaries } from './dictionaries.js';
import { FormValidation, loadFormFiles } from './form-validation.js';
import type { AppKeys } from './keys.js';
import { Menus } from './menus.js';
import { Sessions } from './sessions.js';
import { Users } from './users.js';

export interface Services {
  db: Db;
  keys: AppKeys;
  accessTokens: AccessTokens;
  sessions: Sessions;
  captchas: Captchas;
  crypto: FieldCrypto;
  forms: FormValidation;
  users: Users;
  menus: Menus;
  baseConfigs: BaseConfigs;
  dictionaries: Dictionaries;
  authentication: Authentication;
}

export function createServices(db: Db, keys: AppKeys, config: ServerConfig): Services {
  const crypto = new FieldCrypto(keys);
  const accessTokens = new AccessTokens(keys.tokenSecret, config.accessTtlSeconds);
  const sessions = new Sessions(db, config.refreshTtlSeconds, config.userCacheTtlMs);
  const captchas = new Captchas(db, keys.tokenSecret, config.captchaFixed);
  const users = new Users(db, config.userCacheTtlMs);
  return {
    db,
    keys,
    accessTokens,
    sessions,
    captchas,
    crypto,
    forms: new FormValidation(loadFormFiles(path.join(schemasDir, 'forms')), crypto),
    users,
    authentication: new Authentication(users, captchas, sessions, accessTokens),
    menus: new Menus(db),
    baseConfigs: new BaseConfigs(db),
    dictionaries: new Dictionaries(db),
  };
}
