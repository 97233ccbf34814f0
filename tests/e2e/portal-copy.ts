/**
 * A temporary copy of the portal for the tests that add files to it (a screen, a module folder) and build and serve
 * that copy: the project's sources, with the project's node_modules linked in.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');
const SOURCES = [
  'src',
  'schemas',
  'modules',
  'public',
  'scripts',
  'index.html',
  'package.json',
  'tsconfig.json',
  'vite.config.ts',
];

/** A new copy in the system's temporary folder (the caller removes it). */
export function copyPortal(prefix: string): string {
  const copy = mkdtempSync(join(tmpdir(), prefix));
  for (const entry of SOURCES)
    if (existsSync(join(root, entry))) cpSync(join(root, entry), join(copy, entry), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  return copy;
}

/** Runs a command in the copy; a failure carries what the command printed. */
export function runIn(copy: string, command: string, args: string[], env: Record<string, string> = {}): void {
  try {
    execFileSync(command, args, { cwd: copy, stdio: 'pipe', encoding: 'utf8', env: { ...process.env, ...env } });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${failed.stdout ?? ''}${failed.stderr ?? ''}`);
  }
}

/** schemas:check and a production build of the copy, as npm start makes it (the test runner's NODE_ENV=test would
 * build React's development runtime). */
export function checkAndBuild(copy: string): void {
  runIn(copy, 'npx', ['tsx', 'scripts/schemas-check.ts']);
  runIn(copy, 'npx', ['vite', 'build', '--logLevel', 'error'], { NODE_ENV: 'production' });
}
