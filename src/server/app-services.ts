/**
 * Every platform service the routes use, built once per app. Each area builds its own (accounts.ts,
 * messages/services.ts, portal.ts, admin-services.ts); this file only assembles them in dependency order.
 * Modules own their services through their plugins (modules/<id>/server/plugin.ts), not here.
 */
import type { ServerConfig } from './config.js';
import type { Db } from './db/database.js';
import { DeviceCalls } from './devices/device-calls.js';
import { createFileStore } from './files/create-file-store.js';
import type { FileStore } from './files/file-store.js';
import { ResumableUploads } from './files/resumable-uploads.js';
import { menuIconNames, type PortalModule } from './modules/module-files.js';
import { createMessagingServices, type MessagingServices } from './messages/services.js';
import type { ApprovalNotifier } from './workflow/notifier.js';
import { createAccountServices, type AccountServices } from './accounts/services.js';
import { createAdminServices, type AdminServices } from './admin/services.js';
import { BaseConfigs } from './portal/base-config.js';
import { Dictionaries } from './portal/dictionaries.js';
import type { AppKeys } from './accounts/keys.js';
import { Menus } from './portal/menus.js';
import { MenuTreeCache } from './portal/menu-tree-cache.js';
import { Permissions } from './accounts/permissions.js';
import { DataSets } from './portal/data-sets.js';
import { createPortalServices, type PortalServices } from './portal/services.js';
import type { SmsSender } from './accounts/sms/sms-sender.js';
import { createSearchServices, type SearchServices } from './search/services.js';

/** What the site is made of: menus and their cached trees, site settings, dictionaries. */
export interface SiteServices {
  menus: Menus;
  /** Role menu trees with their serialized answers, cached per role set and project type. */
  menuTrees: MenuTreeCache;
  baseConfigs: BaseConfigs;
  dictionaries: Dictionaries;
}

export interface Services extends AccountServices, SiteServices, MessagingServices {
  db: Db;
  keys: AppKeys;
  config: ServerConfig;
  /** Where files are kept (uploaded images): DATA_DIR/uploads, or the object storage of PORTAL_STORAGE_URL. */
  files: FileStore;
  /** Large files uploaded in resumable chunks (tus), kept where `files` are: archives, models, recordings. */
  resumableUploads: ResumableUploads;
  /** The logged-in portal: projects, workbench, common menus, weather... */
  portal: PortalServices;
  /** System administration: permissions, audit log, offices, users, roles, menus, ... */
  admin: AdminServices;
  /** Signed calls of devices (gates, weighbridges, IoT gateways): one scheme, one nonce store. */
  deviceCalls: DeviceCalls;
  /** The names of the menu icons (the icon picker's choices): the core's and the loaded modules'. */
  menuIcons: readonly string[];
  /** The record of every search, and the dictionary and synonyms of the segmenting searches. */
  search: SearchServices;
  /** Data sets the modules offer beside the collections (figures only): data-sets.ts. */
  dataSets: DataSets;
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
  /** The loaded modules: the message kinds their manifests declare, the menu icons they bring. */
  modules: readonly Pick<PortalModule, 'manifest' | 'icons'>[] = [],
): Services {
  const menus = new Menus(db);
  const permissions = new Permissions(db, config.userCacheTtlMs);
  const site: SiteServices = {
    menus,
    menuTrees: new MenuTreeCache(db, menus, config.menuTreeRecheckMs),
    baseConfigs: new BaseConfigs(db),
    dictionaries: new Dictionaries(db),
  };
  const accounts = createAccountServices(db, keys, config, {
    dictionaries: site.dictionaries,
    smsSender: overrides.smsSender,
  });
  const messaging = createMessagingServices(
    db,
    config.now,
    modules.map((module) => module.manifest),
    accounts.smsSender,
  );
  const files = createFileStore(config);
  return {
    db,
    keys,
    config,
    files,
    resumableUploads: new ResumableUploads(config, config.portal.resumableMaxBytes),
    ...site,
    ...accounts,
    ...messaging,
    portal: createPortalServices(
      db,
      menus,
      permissions,
      config,
      keys.tokenSecret,
      messaging.messages,
      files,
      overrides.weatherFetch,
      modules.map((module) => module.manifest),
    ),
    admin: createAdminServices(db, {
      users: accounts.users,
      sessions: accounts.sessions,
      permissions,
      now: config.now,
    }),
    deviceCalls: new DeviceCalls(db, config.now),
    menuIcons: menuIconNames(modules),
    dataSets: new DataSets(),
    search: createSearchServices(db, async (userId) => (await permissions.of(userId)).scope),
  };
}
