/**
 * Writes `version.json` ({ version, buildTime }) into the build, which the version check of spec section 4
 * compares with what the session stored: a new build is a new version.
 */
import type { Plugin } from 'vite';
import { readFileSync } from 'node:fs';

export function versionFilePlugin(): Plugin {
  return {
    name: 'portal-version-file',
    apply: 'build',
    generateBundle() {
      const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
      const buildTime = new Date().toISOString();
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: JSON.stringify({ version: `${pkg.version}+${buildTime}`, buildTime }),
      });
    },
  };
}
