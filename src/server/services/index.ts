/** Every service the routes use, built once per app from the database, the keys and the configuration. */
import path from 'node:path';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { schemasDir } from '../paths.js';
import { AccessTokens } from './access-tokens.js';
import { createAdminServices, type AdminServices } from './admin-services.js';
import { AiLibrary } from './ai-library.js';
import { Authentication } from './authentication.js';
import { BaseConfigs } from './base-config.js';
import { Captchas } from './captcha.js';
import { FieldCrypto } from './crypto.js';
import { Dictionaries } from './dictionaries.js';
import { FormValidation, loadFormFiles } from './form-validation.js';
import type { AppKeys } from './keys.js';
import { LoginLockout } from './login-lockout.js';
import { Menus } from './menus.js';
import { MenuTreeCache } from './menu-tree-cache.js';
import { PasswordChanges } from './password-changes.js';
import { Permissions } from './permissions.js';
import { createPortalServices, type PortalServices } from './portal.js';
import { Registration } from './registration.js';
import { Sessions } from './sessions.js';
import { SingleSignOn } from './single-sign-on.js';
import { SmsCodes } from './sms-codes.js';
import { createSmsSender } from './sms/index.js';
import type { SmsSender } from './sms/sms-sender.js';
import { Users } from './users.js';
import { EventBus } from '../events/event-bus.js';
import { EventTickets } from '../events/tickets.js';
import { Messages } from '../messages/messages.js';
import { Notices } from '../messages/notices.js';
import type { ApprovalNotifier } from '../workflow/notifier.js';

export interface Services {
  db: Db;
  keys: AppKeys;
  config: ServerConfig;
  accessTokens: AccessTokens;
  sessions: Sessions;
  captchas: Captchas;
  crypto: FieldCrypto;
  forms: FormValidation;
  users: Users;
  menus: Menus;
  /** Role menu trees with their serialized answers, cached per role set and project type. */
  menuTrees: MenuTreeCache;
  baseConfigs: BaseConfigs;
  dictionaries: Dictionaries;
  smsCodes: SmsCodes;
  lockout: LoginLockout;
  authentication: Authentication;
  passwordChanges: PasswordChanges;
  registration: Registration;
  aiLibrary: AiLibrary;
  singleSignOn: SingleSignOn;
  /** The logged-in portal (issue 4): projects, workbench, common menus, messages, weather... */
  portal: PortalServices;
  /** Server-sent events of every instance, fed by PostgreSQL LISTEN/NOTIFY (events/event-bus.ts). */
  events: EventBus;
  eventTickets: EventTickets;
  /** The message centre: users' messages (send is what modules call) and notices. */
  messages: Messages;
  notices: Notices;
  /** System administration (issue 5): permissions, audit log, offices, users, roles, menus, ... */
  admin: AdminServices;
}

export interface ServiceOverrides {
  /** Replaces the configured SMS provider (tests of a failing gateway). */
  smsSender?: SmsSender;
  /** The weather provider's fetch (tests). */
  weatherFetch?: typeof fetch;
  /** Where the approval engine's notifications go (default: nowhere until the message centre is wired in). */
  approvalNotifier?: ApprovalNotifier;
}

export function createServices(
  db: Db,
  keys: AppKeys,
  config: ServerConfig,
  overrides: ServiceOverrides = {},
): Services {
  const now = config.now;
  const crypto = new FieldCrypto(keys);
  const accessTokens = new AccessTokens(keys.tokenSecret, config.accessTtlSeconds, now);
  const sessions = new Sessions(db, config.refreshTtlSeconds, config.userCacheTtlMs);
  const captchas = new Captchas(db, keys.tokenSecret, config.captchaFixed);
  const users = new Users(db, config.userCacheTtlMs);
  const dictionaries = new Dictionaries(db);
  const menus = new Menus(db);
  const permissions = new Permissions(db, config.userCacheTtlMs);
  const smsCodes = new SmsCodes(db, keys.tokenSecret, overrides.smsSender ?? createSmsSender(config), now);
  const lockout = new LoginLockout(db, now);
  const events = new EventBus(db, (error) => process.emitWarning(`event stream: ${error.message}`));
  const messages = new Messages(db, events, now);
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
    db,
    keys,
    config,
    accessTokens,
    sessions,
    captchas,
    crypto,
    forms: new FormValidation(loadFormFiles(path.join(schemasDir, 'forms')), crypto),
    users,
    menus,
    menuTrees: new MenuTreeCache(db, menus, config.menuTreeRecheckMs),
    baseConfigs: new BaseConfigs(db),
    dictionaries,
    smsCodes,
    lockout,
    authentication,
    passwordChanges: new PasswordChanges(db, users, sessions, lockout, smsCodes, now),
    registration: new Registration(db, users, dictionaries, smsCodes, now),
    aiLibrary: new AiLibrary(
      db,
      users,
      smsCodes,
      { aiUrl: config.aiUrl, secret: aiSecret, mobileVerify: config.aiMobileVerify },
      now,
    ),
    singleSignOn: new SingleSignOn(db, users, authentication, ssoSecret, now),
    portal: createPortalServices(db, menus, permissions, config, keys.tokenSecret, messages, overrides.weatherFetch),
    events,
    eventTickets: new EventTickets(db, now),
    messages,
    notices: new Notices(db, messages, now),
    admin: createAdminServices(db, { users, sessions, permissions, now }),
  };
}
