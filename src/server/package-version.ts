/** The portal's version: package.json's `version`, read once. */
import { readFileSync } from 'node:fs';
import { packageJsonPath } from './paths.js';

let version: string | undefined;

export function packageVersion(): string {
  version ??= (JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { version?: string }).version ?? '0.0.0';
  return version;
}
