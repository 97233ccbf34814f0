/**
 * The business modules of the portal: every folder `modules/<id>/` with a `module.json`. A module brings its
 * collections (`collections/*.json`), forms (`forms/*.json`), pages (`pages/*.json`, read by the browser),
 * menu records (in module.json) and demo data (`seed/*.json`, and `server/demo-data.ts` for what is too much to keep
 * as files), so adding a module touches no shared list.
 * Files are checked against their meta-schemas when read: a broken file stops the start with its path.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { CollectionFile } from '../../shared/collections.js';
import { metaSchemaFaults, type ProcessFile, type ProcessFault } from '../../shared/processes.js';
import type { AlertFile } from '../alerts/alert-files.js';
import { collectionFaults } from '../../shared/collection-faults.js';
import { MENU_ICON_NAMES } from '../../shared/menu-icons.js';
import { MODULE_ICON_FILE, moduleIconFaults, moduleIconName } from '../../shared/module-icons.js';
import type { MessageKindDeclaration } from '../messages/kinds.js';
import type { ModuleVariable } from './module-settings.js';
import { projectRoot, schemasDir } from '../paths.js';
import type { DictionarySeedFile, MenuSeedItem } from '../seed/seed-files.js';
import type { FormFile } from '../lib/form-validation.js';
import type { DemoMessage } from '../seed/portal-demo.js';

export interface ModuleMenuGroup {
  parent?: string;
  after?: string;
  items: MenuSeedItem[];
}

export interface ModuleManifest {
  kind: 'module';
  id: string;
  title: string;
  description?: string;
  /** The modules this one needs (their collections, their public server code): the start fails without them. */
  requires?: string[];
  /**
   * Menu records the module adds: each list under a menu (of schemas/seed/menus.json or of another module), or at
   * the top level without `parent`; placed after the sibling `after` names (at the end when it is not there).
   */
  menus?: ModuleMenuGroup[];
  /** Dictionaries its fields choose from. */
  dictionaries?: DictionarySeedFile['dictionaries'];
  /** Kinds of message its server code sends (messages/kinds.ts collects them with the core's). */
  messageKinds?: MessageKindDeclaration[];
  /** Its paths that fill the screen (the web app reads them from the module files when it is built). */
  fullScreenRoutes?: string[];
  /** The first path segments its screens live under (spec section 2's wildcard areas; read by the web app). */
  areas?: string[];
  /** Its screens that open without a login, outside the layout (read by the web app). */
  publicPages?: { path: string; hash?: string; page: string }[];
  tokenlessPaths?: string[];
  /** Its configuration variables, handed to its plugin as `settings` (module-settings.ts). */
  config?: ModuleVariable[];
}

/** One row of a daily seed: its fields, and the days it leaves out or changes (offsets from the block's `from`). */
export interface DailySeedRow extends Record<string, unknown> {
  id: string;
  from?: string;
  to?: string;
  skip?: number[];
  vary?: Record<string, Record<string, unknown>>;
}

/**
 * Records repeated daily (attendance), declared compactly and expanded when seeding (seed/module-demo.ts): a
 * record per row and day of from..to on the weekdays `days` (0 = Sunday), except each row's `skip` days.
 */
export interface DailySeed {
  dateField: string;
  from: string;
  to: string;
  days?: number[];
  values?: Record<string, unknown>;
  projects: Record<string, DailySeedRow[]>;
}

/** A module's demo data: records of one collection per demo project (`seed/<collection>.json`). */
export interface ModuleSeedFile {
  kind: 'module-seed';
  description?: string;
  collection: string;
  /** project id -> records (their own fields; `id` optional and stable when given). */
  projects?: Record<string, Record<string, unknown>[]>;
  daily?: DailySeed;
}

export interface PortalModule {
  manifest: ModuleManifest;
  dir: string;
  collections: CollectionFile[];
  forms: FormFile[];
  seeds: ModuleSeedFile[];
  /** Its demo messages to the demo accounts (`seed/*.json` of kind `demo-messages`). */
  demoMessages: DemoMessage[];
  /** The names of the menu icons it brings (`icons/<name>.svg` is `icon-<name>`; src/shared/module-icons.ts). */
  icons: string[];
  /** Its approval processes (`processes/<id>.json`, kind `process`), seeded as version 1 like the portal's. */
  processes: ProcessFile[];
  /** Its alerts (`alerts/<id>.json`, kind `alert`): when a record needs someone to act (src/server/alerts). */
  alerts: AlertFile[];
  /** `server/plugin.ts` of the module, when it has behaviour no schema file can declare (module-plugins.ts). */
  pluginSource?: string;
  /** `server/migrations.ts` of the module, when it has tables that are not collections. */
  migrationsSource?: string;
  /** `server/demo-data.ts` of the module, when it makes demo records at seeding (module-plugins.ts). */
  demoDataSource?: string;
}

/** Where a module keeps its own server code: one Fastify plugin, default export of this file... */
export const MODULE_PLUGIN_SOURCE = path.join('server', 'plugin.ts');
/** ...and the migrations of its own tables... */
export const MODULE_MIGRATIONS_SOURCE = path.join('server', 'migrations.ts');
/** ...and the generator of its demo records (too many to keep as files), run at seeding. */
export const MODULE_DEMO_DATA_SOURCE = path.join('server', 'demo-data.ts');

export const defaultModulesDir = path.join(projectRoot, 'modules');

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();

function metaValidator(kind: string): ValidateFunction {
  let validate = validators.get(kind);
  if (!validate) {
    // Meta-schemas refer to one another by name (a form's `submit` is an `action`): load them all once.
    if (validators.size === 0 && !ajv.getSchema('form')) {
      const metaDir = path.join(schemasDir, 'meta');
      for (const name of readdirSync(metaDir).filter((file) => file.endsWith('.json')))
        ajv.addSchema(
          JSON.parse(readFileSync(path.join(metaDir, name), 'utf8')) as object,
          path.basename(name, '.json'),
        );
    }
    validate = ajv.getSchema(kind);
    if (!validate) throw new Error(`schemas/meta/${kind}.json is missing`);
    validators.set(kind, validate);
  }
  return validate;
}

function readChecked<T>(file: string, kind: string, root: string): T {
  const where = path.relative(path.dirname(root), file);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${where} is not valid JSON: ${(error as Error).message}`);
  }
  return checked<T>(data, kind, where);
}

/**
 * The faults of `data` against schemas/meta/<kind>.json (none when it matches): for a schema file a user designs and
 * saves (a dashboard), held to the same meta-schema as the files in the repository.
 */
export function schemaFileFaults(data: unknown, kind: string): ErrorObject[] {
  const validate = metaValidator(kind);
  return validate(data) ? [] : [...(validate.errors ?? [])];
}

/** `data` if it matches schemas/meta/<kind>.json; otherwise an error naming `where` and every fault's pointer. */
export function checked<T>(data: unknown, kind: string, where: string): T {
  const validate = metaValidator(kind);
  if (!validate(data)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`).join('; ');
    throw new Error(`${where} does not match schemas/meta/${kind}.json: ${problems}`);
  }
  return data as T;
}

function jsonFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => path.join(dir, name));
}

/** A module's `seed/` folder: demo records of its collections, and its demo messages (the file's `kind` says). */
function seedFiles(dir: string, modulesDir: string): Pick<PortalModule, 'seeds' | 'demoMessages'> {
  const seeds: ModuleSeedFile[] = [];
  const demoMessages: DemoMessage[] = [];
  for (const file of jsonFiles(dir)) {
    const { kind } = JSON.parse(readFileSync(file, 'utf8')) as { kind?: unknown };
    if (kind === 'demo-messages')
      demoMessages.push(...readChecked<{ messages: DemoMessage[] }>(file, 'demo-messages', modulesDir).messages);
    else seeds.push(readChecked<ModuleSeedFile>(file, 'module-seed', modulesDir));
  }
  return { seeds, demoMessages };
}

/** The names of a module's menu icons (`icons/*.svg`), each file checked as schemas:check checks it. */
function iconFiles(dir: string, modulesDir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((name) => {
      const where = path.relative(path.dirname(modulesDir), path.join(dir, name));
      if (!MODULE_ICON_FILE.test(name)) throw new Error(`${where}: 图标文件名须为小写字母、数字和 - 组成的 <名称>.svg`);
      const faults = moduleIconFaults(readFileSync(path.join(dir, name), 'utf8'));
      if (faults.length > 0) throw new Error(`${where}: ${faults.join('；')}`);
      return moduleIconName(name);
    });
}

/** Every menu icon name: the core's, then each module's; a module's name the core or another module has is refused. */
export function menuIconNames(modules: readonly Pick<PortalModule, 'manifest' | 'icons'>[]): string[] {
  const owner = new Map<string, string>(MENU_ICON_NAMES.map((name) => [name, '核心']));
  for (const module of modules)
    for (const name of module.icons) {
      const other = owner.get(name);
      if (other)
        throw new Error(
          `模块 ${module.manifest.id} 的图标 ${name} 已由${other === '核心' ? '核心' : `模块 ${other} `}提供`,
        );
      owner.set(name, module.manifest.id);
    }
  return [...owner.keys()];
}

/** Every module under `modulesDir`, by id. Ids of collections are unique across modules. */
export function loadModules(modulesDir: string = defaultModulesDir): PortalModule[] {
  if (!existsSync(modulesDir)) return [];
  const modules = readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(modulesDir, entry.name, 'module.json')))
    .map((entry) => entry.name)
    .sort()
    .map((name): PortalModule => {
      const dir = path.join(modulesDir, name);
      return {
        dir,
        manifest: readChecked<ModuleManifest>(path.join(dir, 'module.json'), 'module', modulesDir),
        collections: jsonFiles(path.join(dir, 'collections')).map((file) =>
          readChecked<CollectionFile>(file, 'collection', modulesDir),
        ),
        forms: jsonFiles(path.join(dir, 'forms')).map((file) => readChecked<FormFile>(file, 'form', modulesDir)),
        ...seedFiles(path.join(dir, 'seed'), modulesDir),
        icons: iconFiles(path.join(dir, 'icons'), modulesDir),
        processes: jsonFiles(path.join(dir, 'processes')).map((file) =>
          readChecked<ProcessFile>(file, 'process', modulesDir),
        ),
        alerts: jsonFiles(path.join(dir, 'alerts')).map((file) => readChecked<AlertFile>(file, 'alert', modulesDir)),
        ...(existsSync(path.join(dir, MODULE_PLUGIN_SOURCE))
          ? { pluginSource: path.join(dir, MODULE_PLUGIN_SOURCE) }
          : {}),
        ...(existsSync(path.join(dir, MODULE_MIGRATIONS_SOURCE))
          ? { migrationsSource: path.join(dir, MODULE_MIGRATIONS_SOURCE) }
          : {}),
        ...(existsSync(path.join(dir, MODULE_DEMO_DATA_SOURCE))
          ? { demoDataSource: path.join(dir, MODULE_DEMO_DATA_SOURCE) }
          : {}),
      };
    });
  checkRequirements(modules);
  menuIconNames(modules);
  const collectionIds = new Set(modules.flatMap((module) => module.collections.map((file) => file.id)));
  for (const module of modules)
    for (const file of module.collections) {
      const faults = collectionFaults(file, collectionIds);
      if (faults.length > 0) {
        const where = `modules/${path.basename(module.dir)}/collections/${file.id}.json`;
        throw new Error(`${where}: ${faults.map((fault) => `${fault.pointer} ${fault.message}`).join('; ')}`);
      }
    }
  const seen = new Map<string, string>();
  for (const module of modules) {
    for (const collection of module.collections) {
      const other = seen.get(collection.id);
      if (other)
        throw new Error(`collection "${collection.id}" is declared by modules ${other} and ${module.manifest.id}`);
      seen.set(collection.id, module.manifest.id);
    }
  }
  return modules;
}

/**
 * Every module a module requires is present, and a module's collections reference only its own collections or
 * those of modules it requires: a missing module stops the start with both names, not with a failure later on.
 */
export function checkRequirements(modules: readonly PortalModule[]): void {
  const present = new Set(modules.map((module) => module.manifest.id));
  const owner = new Map(modules.flatMap((module) => module.collections.map((file) => [file.id, module.manifest.id])));
  for (const module of modules) {
    const { id, requires = [] } = module.manifest;
    for (const needed of requires)
      if (!present.has(needed)) throw new Error(`模块 ${id} 需要模块 ${needed}，但 modules/${needed} 不存在`);
    for (const file of module.collections)
      for (const [field, reference] of Object.entries(file.references ?? {})) {
        if (!('collection' in reference)) continue;
        const other = owner.get(reference.collection);
        if (other && other !== id && !requires.includes(other))
          throw new Error(
            `modules/${id}/collections/${file.id}.json 的字段 ${field} 引用模块 ${other} 的集合 ${reference.collection}：` +
              `请在 modules/${id}/module.json 的 requires 中声明 "${other}"`,
          );
      }
  }
}

/**
 * The menu seed tree with every module's menu records in place, each marked with its module: a module's item replaces a seed item of the same
 * id where it stands (so a module can take over a placeholder menu), the others go after the sibling their group
 * names as soon as it is there (it may be another module's), or at the end. Levels are merged from the top, so a
 * module may add under another module's menu.
 */
export function withModuleMenus(menus: MenuSeedItem[], modules: readonly PortalModule[]): MenuSeedItem[] {
  const owned = (items: readonly MenuSeedItem[], module: string): MenuSeedItem[] =>
    items.map((item) => ({ ...item, module, ...(item.children ? { children: owned(item.children, module) } : {}) }));
  const groups = modules.flatMap((module) =>
    (module.manifest.menus ?? []).map((group) => ({ ...group, items: owned(group.items, module.manifest.id) })),
  );
  const placed = new Set<string>();
  const place = (siblings: MenuSeedItem[], parent: string | undefined): MenuSeedItem[] => {
    let level = siblings;
    let waiting = groups.filter((group) => group.parent === parent);
    if (parent !== undefined && waiting.length > 0) placed.add(parent);
    for (let progress = true; progress && waiting.length > 0;) {
      const ready = waiting.filter(
        (group) => group.after === undefined || level.some((sibling) => sibling.id === group.after),
      );
      for (const group of ready) level = withItems(level, group.items, group.after);
      waiting = waiting.filter((group) => !ready.includes(group));
      progress = ready.length > 0;
    }
    for (const group of waiting) level = withItems(level, group.items, undefined);
    return level.map((item) =>
      item.children || groups.some((group) => group.parent === item.id)
        ? { ...item, children: place(item.children ?? [], item.id) }
        : item,
    );
  };
  const merged = place(menus, undefined);
  for (const group of groups)
    if (group.parent !== undefined && !placed.has(group.parent))
      throw new Error(`a module adds menus under "${group.parent}", which is not a menu of menus.json or of a module`);
  return merged;
}

/** `items` among `siblings`: each replacing the sibling of its id, or after `after` (then after the one before). */
function withItems(siblings: MenuSeedItem[], items: readonly MenuSeedItem[], after: string | undefined) {
  const level = [...siblings];
  let anchor = after;
  for (const item of items) {
    const own = level.findIndex((sibling) => sibling.id === item.id);
    if (own >= 0) level[own] = item;
    else {
      const at = anchor === undefined ? -1 : level.findIndex((sibling) => sibling.id === anchor);
      level.splice(at < 0 ? level.length : at + 1, 0, item);
    }
    anchor = item.id;
  }
  return level;
}

/** The pages folders of every module (read by the Excel export, which runs a page's own list call). */
export function modulePageDirs(modulesDir: string = defaultModulesDir): string[] {
  if (!existsSync(modulesDir)) return [];
  return readdirSync(modulesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(modulesDir, entry.name, 'pages'))
    .filter((dir) => existsSync(dir));
}
