/**
 * Builds the server to JavaScript for `npm start`: esbuild bundles our own TypeScript (src/server, src/shared and
 * the start script) into dist-server/, leaving every npm package to Node's own resolution. Production then starts
 * with plain `node`, without compiling TypeScript on every start; dev and tests keep running the sources with tsx.
 *
 * Plain JavaScript on purpose: it runs before anything could compile TypeScript. `node scripts/build-server.mjs`
 * builds unconditionally; `buildServerIfStale()` only when a source is newer than the build.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const serverOutDir = join(root, 'dist-server');
/** What `npm start` runs, and the server alone (the bench starts it without the web app check). */
const ENTRIES = { start: 'scripts/start.ts', main: 'src/server/main.ts' };
const SOURCES = [
  'src/server',
  'src/shared',
  'modules',
  'scripts/start.ts',
  'scripts/build-if-stale.ts',
  'scripts/build-server.mjs',
  'package.json',
];

/** Every module's own server code (modules/<id>/server/plugin.ts, migrations.ts, demo-data.ts), built beside the server so
 * that shared code (errors, services) is one copy in one chunk: src/server/modules/module-plugins.ts imports it
 * from there. */
function modulePluginEntries() {
  const dir = join(root, 'modules');
  if (!existsSync(dir)) return {};
  const modules = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  return Object.fromEntries(
    modules.flatMap((entry) =>
      ['plugin', 'migrations', 'demo-data']
        .filter((part) => existsSync(join(dir, entry.name, 'server', `${part}.ts`)))
        .map((part) => [`modules/${entry.name}/${part}`, `modules/${entry.name}/server/${part}.ts`]),
    ),
  );
}

/** Every route file (src/server/routes/**, index.ts aside), built to dist-server/routes/ at the same path, where
 * src/server/routes/index.ts finds them as it finds the sources under tsx. */
function routeEntries() {
  const dir = join(root, 'src/server/routes');
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.startsWith('index.'))
      .map((entry) => {
        const source = relative(root, join(entry.parentPath, entry.name));
        return [`routes/${relative(dir, join(entry.parentPath, entry.name)).replace(/\.ts$/, '')}`, source];
      }),
  );
}

function newestChange(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

/** The built file of entry `name` ('start' or 'main'). */
export function builtServerFile(name) {
  return join(serverOutDir, `${name}.js`);
}

export function serverBuildIsStale() {
  const built = Object.keys(ENTRIES).map(builtServerFile);
  if (!built.every((file) => existsSync(file))) return true;
  const builtAt = Math.min(...built.map((file) => statSync(file).mtimeMs));
  return SOURCES.some((source) => existsSync(join(root, source)) && newestChange(join(root, source)) > builtAt);
}

export async function buildServer() {
  const { build } = await import('esbuild');
  // A route file or module removed from the sources must not live on in an old build that loads every file it finds.
  await rm(serverOutDir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: { ...ENTRIES, ...routeEntries(), ...modulePluginEntries() },
    outdir: serverOutDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

export async function buildServerIfStale() {
  if (!serverBuildIsStale()) return;
  console.log('正在构建服务端（首次启动或源码有变化）…');
  await buildServer();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
