/**
 * The HTTP routes, found rather than listed: every other file under src/server/routes/ is one route file, and the
 * folders mirror the URL space (routes/api/zhgd/menu/role-menu-list.ts serves /api/zhgd/menu/roleMenuList). A route
 * file exports its URL `prefix` and, as default, the Fastify plugin of its routes; adding an endpoint is adding a
 * file. Under tsx (dev, tests) the sources are imported; the built server imports the JavaScript that
 * scripts/build-server.mjs wrote for each route file to dist-server/routes/.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { builtServerDir } from '../paths.js';

interface RouteFile {
  prefix: string;
  default: FastifyPluginAsync;
}

/** The route files under `dir`, by path (so the order of registration never depends on the file system). */
export function routeFilesIn(dir: string, extension: '.ts' | '.js'): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(extension) && !entry.name.startsWith('index.'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

function routeFiles(): string[] {
  const built = builtServerDir();
  if (built) return routeFilesIn(path.join(built, 'routes'), '.js');
  return routeFilesIn(path.dirname(fileURLToPath(import.meta.url)), '.ts');
}

function checkedRouteFile(file: string, loaded: Partial<RouteFile>): RouteFile {
  if (typeof loaded.default !== 'function' || typeof loaded.prefix !== 'string')
    throw new Error(
      `${file} must export its URL prefix (export const prefix) and its routes as a Fastify plugin (default)`,
    );
  return loaded as RouteFile;
}

export async function registerRoutes(app: FastifyInstance): Promise<void> {
  for (const file of routeFiles()) {
    const routes = checkedRouteFile(file, (await import(pathToFileURL(file).href)) as Partial<RouteFile>);
    await app.register(routes.default, { prefix: routes.prefix });
  }
}
