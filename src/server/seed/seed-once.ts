/**
 * The seed at start-up, skipped when nothing it depends on changed since it last ran on this database: the seed
 * and meta files, the modules' files and demo-data generators, the demo flag, the migrations and the package version make a fingerprint, recorded after a
 * successful run. Seeding inserts only what is missing, so a run with an unchanged fingerprint would insert
 * nothing but rows an administrator deleted; skipping it saves about a second of every start.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/database.js';
import { migrations } from '../db/migrations/index.js';
import { fingerprintRecorded, recordFingerprint } from '../db/start-fingerprints.js';
import { packageJsonPath, schemasDir } from '../paths.js';
import { runSeed, type SeedOptions } from './index.js';

export function seedFingerprint(options: SeedOptions): string {
  const hash = createHash('sha256');
  hash.update(`demo=${options.demo}\n`);
  hash.update(`migrations=${Object.keys(migrations).join(',')}\n`);
  hash.update(readFileSync(packageJsonPath));
  for (const folder of ['seed', 'meta', 'processes']) {
    for (const name of readdirSync(path.join(schemasDir, folder)).sort()) {
      hash.update(`\n${folder}/${name}\n`);
      hash.update(readFileSync(path.join(schemasDir, folder, name)));
    }
  }
  for (const module of options.modules ?? []) {
    const generator = module.demoDataSource ? [module.demoDataSource] : [];
    for (const file of [...moduleFiles(module.dir), ...generator]) {
      hash.update(`\n${path.relative(module.dir, file)}\n`);
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

/** Every JSON file of a module folder, in a stable order. */
function moduleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return moduleFiles(full);
      return entry.name.endsWith('.json') ? [full] : [];
    });
}

/** Runs the seed unless this fingerprint was seeded before; true when it ran. */
export async function seedOnce(db: Db, options: SeedOptions): Promise<boolean> {
  const fingerprint = seedFingerprint(options);
  if (await fingerprintRecorded(db, fingerprint)) return false;
  await runSeed(db, options);
  await recordFingerprint(db, fingerprint);
  return true;
}
