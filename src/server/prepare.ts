/**
 * Everything a database needs before the server answers: the migrations (the portal's, pg-boss's schema of the job
 * queue, then each module's own),
 * the tables of the modules' collections (created or given their new columns), their stored computed fields where
 * their definitions changed (collections/recompute.ts), then the idempotent seed (reference data always, demo
 * data with PORTAL_DEMO=1, the modules' menus and demo records included; a start skips it when none of what it
 * reads changed, seed/seed-once.ts). Run at every start, by main.ts before the app is built (and by the tests'
 * set-up); it lives beside main.ts, not in db/, because it drives the collections, modules and seed above the
 * database layer.
 */
import { recomputeChangedFields } from './collections/recompute.js';
import { syncCollectionTables } from './collections/table-sync.js';
import { loadModules, type PortalModule } from './modules/module-files.js';
import { runSeed } from './seed/index.js';
import { seedOnce } from './seed/seed-once.js';
import type { StartupPhases } from './startup-phases.js';
import type { Db } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { migrateModules } from './db/module-migrate.js';
import { installJobQueue } from './jobs/queue.js';

export interface PrepareOptions {
  demo: boolean;
  /** The portal's modules (default: every folder of modules/). */
  modules?: readonly PortalModule[];
  /** `whenChanged` (a server's start): skip the seed when nothing it reads changed since it last ran. */
  seed?: 'always' | 'whenChanged';
  /** The start's phases, when timed (main.ts). */
  phases?: StartupPhases;
}

export async function prepareDatabase(db: Db, options: PrepareOptions): Promise<readonly PortalModule[]> {
  const { phases } = options;
  const modules = options.modules ?? loadModules();
  phases?.end('load module files');
  await migrateToLatest(db);
  await installJobQueue(db);
  phases?.end('open database, migrations');
  await migrateModules(db, modules);
  phases?.end('module migrations');
  await syncCollectionTables(
    db,
    modules.flatMap((module) => module.collections),
  );
  phases?.end('collection tables');
  await recomputeChangedFields(
    db,
    modules.flatMap((module) => module.collections),
  );
  phases?.end('computed fields');
  const seed = { demo: options.demo, modules };
  if (options.seed === 'whenChanged') await seedOnce(db, seed);
  else await runSeed(db, seed);
  phases?.end('seed');
  return modules;
}
