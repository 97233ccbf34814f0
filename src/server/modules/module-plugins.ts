/**
 * A module's own server code, for the behaviour its schema files cannot declare:
 * - `modules/<id>/server/plugin.ts` exports (default) a Fastify plugin that owns the module's services, routes and
 *   hooks. It runs after the collections, so `app.collections` holds every module's records, and it is
 *   encapsulated: what it decorates stays its own.
 * - `modules/<id>/server/migrations.ts` exports `migrations`, the module's own tables (those that are not
 *   collections), run at every start after the portal's migrations and recorded in the module's own history
 *   table, so modules never compete for migration names or order.
 * Under tsx (dev, tests) the TypeScript source is imported; a built server (npm start) imports the JavaScript that
 * scripts/build-server.mjs wrote for it to dist-server/modules/<id>/<plugin|migrations>.js.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Migration } from 'kysely/migration';
import { checked, type ModuleSeedFile, type PortalModule } from './module-files.js';
import { type ModuleSettings, readModuleSettings } from './module-settings.js';
import type { DemoApproval } from '../workflow/demo.js';
import { builtServerDir } from '../paths.js';

/** What a module plugin receives besides the app: its own module (files, manifest, folder) and its settings. */
export interface ModulePluginOptions {
  module: PortalModule;
  /** Its configuration variables (module.json `config`) as read from the environment at start, by key. */
  settings: ModuleSettings;
}

export type ModulePlugin = FastifyPluginAsync<ModulePluginOptions>;

/** The shape of `modules/<id>/server/migrations.ts`. */
export interface ModuleMigrations {
  migrations: Record<string, Migration>;
}

export type ModuleServerPart = 'plugin' | 'migrations' | 'demo-data';

function sourceOf(module: PortalModule, part: ModuleServerPart): string | undefined {
  if (part === 'plugin') return module.pluginSource;
  return part === 'migrations' ? module.migrationsSource : module.demoDataSource;
}

/** The file to import for a part of a module's server code: the build's JavaScript when running built. */
export function moduleServerFile(
  module: PortalModule,
  part: ModuleServerPart,
  serverDir = builtServerDir(),
): string | undefined {
  const source = sourceOf(module, part);
  if (!source) return undefined;
  if (!serverDir) return source;
  const built = path.join(serverDir, 'modules', module.manifest.id, `${part}.js`);
  if (!existsSync(built))
    throw new Error(`模块 ${module.manifest.id} 的服务端代码未构建：缺少 ${built}（运行 npm run build:server）`);
  return built;
}

async function importPart(module: PortalModule, part: ModuleServerPart): Promise<Record<string, unknown> | undefined> {
  const file = moduleServerFile(module, part);
  return file ? ((await import(pathToFileURL(file).href)) as Record<string, unknown>) : undefined;
}

export async function registerModulePlugins(app: FastifyInstance, modules: readonly PortalModule[]): Promise<void> {
  // Every module's settings first: a bad value stops the start before any module has begun its work.
  const { environment } = app.services.config;
  const settings = new Map(
    modules.map((module) => [module, readModuleSettings(module.manifest.config ?? [], environment)] as const),
  );
  for (const module of modules) {
    const loaded = await importPart(module, 'plugin');
    if (!loaded) continue;
    if (typeof loaded.default !== 'function')
      throw new Error(`modules/${module.manifest.id}/server/plugin.ts must export a Fastify plugin as default`);
    await app.register(loaded.default as ModulePlugin, { module, settings: settings.get(module) ?? {} });
  }
}

/** The migrations of a module, by name, or undefined when it has no tables of its own. */
export async function moduleMigrations(module: PortalModule): Promise<ModuleMigrations['migrations'] | undefined> {
  const loaded = await importPart(module, 'migrations');
  if (!loaded) return undefined;
  const { migrations } = loaded as Partial<ModuleMigrations>;
  if (!migrations || typeof migrations !== 'object')
    throw new Error(`modules/${module.manifest.id}/server/migrations.ts must export "migrations"`);
  return migrations;
}

/**
 * The demo records a module makes at seeding (`server/demo-data.ts` exports `demoData()`), each seed checked like a
 * seed file (schemas/meta/module-seed.json); none when the module has no generator.
 */
export async function moduleDemoData(module: PortalModule): Promise<ModuleSeedFile[]> {
  const loaded = await importPart(module, 'demo-data');
  if (!loaded) return [];
  if (typeof loaded.demoData !== 'function')
    throw new Error(`modules/${module.manifest.id}/server/demo-data.ts must export a function demoData()`);
  const seeds = (loaded.demoData as () => unknown[])();
  return seeds.map((seed, index) =>
    checked<ModuleSeedFile>(
      seed,
      'module-seed',
      `modules/${module.manifest.id}/server/demo-data.ts demoData()[${index}]`,
    ),
  );
}

/** The demo approvals a module's generator scripts (`demoApprovals()` of server/demo-data.ts); none without one. */
export async function moduleDemoApprovals(module: PortalModule): Promise<DemoApproval[]> {
  const loaded = await importPart(module, 'demo-data');
  if (!loaded || loaded.demoApprovals === undefined) return [];
  if (typeof loaded.demoApprovals !== 'function')
    throw new Error(`modules/${module.manifest.id}/server/demo-data.ts: demoApprovals must be a function`);
  return (loaded.demoApprovals as () => DemoApproval[])();
}
