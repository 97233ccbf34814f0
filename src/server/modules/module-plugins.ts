/**
 * A module's own server code: `modules/<id>/server/plugin.ts` exports (default) a Fastify plugin that owns the
 * module's services, routes and hooks, for the behaviour its schema files cannot declare. It runs after the
 * collections, so `app.collections` holds every module's records, and it is encapsulated: what it decorates stays
 * its own. Under tsx (dev, tests) the TypeScript source is imported; a built server (npm start) imports the
 * JavaScript that scripts/build-server.mjs wrote for it to dist-server/modules/<id>/plugin.js.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { PortalModule } from './module-files.js';

/** What a module plugin receives besides the app: its own module (files, manifest, folder). */
export interface ModulePluginOptions {
  module: PortalModule;
}

export type ModulePlugin = FastifyPluginAsync<ModulePluginOptions>;

/** The folder of the running server code when it is the build (dist-server/), else undefined. */
function builtServerDir(): string | undefined {
  const here = fileURLToPath(import.meta.url);
  if (!here.endsWith('.js')) return undefined;
  let dir = path.dirname(here);
  while (path.basename(dir) !== 'dist-server') {
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return dir;
}

/** The file to import for a module's plugin: the build's JavaScript when running built, else the source. */
export function modulePluginFile(module: PortalModule, serverDir = builtServerDir()): string | undefined {
  if (!module.pluginSource) return undefined;
  if (!serverDir) return module.pluginSource;
  const built = path.join(serverDir, 'modules', module.manifest.id, 'plugin.js');
  if (!existsSync(built))
    throw new Error(`模块 ${module.manifest.id} 的服务端代码未构建：缺少 ${built}（运行 npm run build:server）`);
  return built;
}

export async function registerModulePlugins(app: FastifyInstance, modules: readonly PortalModule[]): Promise<void> {
  for (const module of modules) {
    const file = modulePluginFile(module);
    if (!file) continue;
    const loaded = (await import(pathToFileURL(file).href)) as { default?: unknown };
    if (typeof loaded.default !== 'function')
      throw new Error(`modules/${module.manifest.id}/server/plugin.ts must export a Fastify plugin as default`);
    await app.register(loaded.default as ModulePlugin, { module });
  }
}
