/**
 * Builds the web app when `dist/` is missing or older than any of its sources, so `npm start` and the browser
 * tests always serve what the tree holds without rebuilding on every run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = [
  'src/app',
  'src/build',
  'src/engine',
  'src/widgets',
  'src/shared',
  'schemas',
  'modules',
  'index.html',
  'public',
  'vite.config.ts',
  'package.json',
];

function newestChange(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

export function webAppIsStale(): boolean {
  const built = join(root, 'dist', 'index.html');
  if (!existsSync(built)) return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((source) => existsSync(join(root, source)) && newestChange(join(root, source)) > builtAt);
}

export function buildIfStale(): void {
  if (!webAppIsStale()) return;
  console.log('正在构建前端（首次启动或源码有变化）…');
  // Always a production build, even when called from a test runner that set NODE_ENV=test.
  const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('前端构建失败');
}
