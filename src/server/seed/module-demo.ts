/**
 * The modules' demo records (`modules/<m>/seed/<collection>.json`), seeded with PORTAL_DEMO=1 through the
 * collection's own rules (computed fields derived, references kept). Records have stable ids, so seeding at
 * every start adds only what is missing.
 */
import { CollectionRecords } from '../collections/records.js';
import type { Db } from '../db/database.js';
import type { PortalModule } from '../modules/module-files.js';

/** Who the demo records say created them. */
const DEMO_AUTHOR = 'user-admin';

export async function seedModuleDemo(db: Db, modules: readonly PortalModule[]): Promise<void> {
  const registry = new Map<string, CollectionRecords>();
  const now = () => new Date();
  for (const file of modules.flatMap((module) => module.collections))
    registry.set(file.id, new CollectionRecords(db, file, now, registry));
  for (const seed of modules.flatMap((module) => module.seeds)) {
    const records = registry.get(seed.collection);
    if (!records) throw new Error(`demo data names the unknown collection "${seed.collection}"`);
    for (const [projectId, rows] of Object.entries(seed.projects)) {
      for (const [index, row] of rows.entries()) {
        const id = typeof row.id === 'string' ? row.id : `${seed.collection}-${projectId}-${index + 1}`;
        await records.seed(projectId, id, row, typeof row.createdBy === 'string' ? row.createdBy : DEMO_AUTHOR);
      }
    }
  }
}
