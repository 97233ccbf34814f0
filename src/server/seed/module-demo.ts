/**
 * The modules' demo records (`modules/<m>/seed/<collection>.json`), seeded with PORTAL_DEMO=1 through the
 * collection's own rules (computed fields derived, references kept). Records have stable ids, so seeding at
 * every start adds only what is missing.
 */
import { CollectionRecords, type SeedRecord } from '../collections/records.js';
import { chinaDate } from '../services/china-time.js';
import type { Db } from '../db/database.js';
import type { PortalModule } from '../modules/module-files.js';

/** Who the demo records say created them. */
const DEMO_AUTHOR = 'user-admin';

const RELATIVE_DAY = /^@day([+-]\d+)$/;

/** `@day-30` -> the China date 30 days before `now` (demo data that always looks current); anything else as is. */
export function resolveRelativeDates(value: unknown, now: Date): unknown {
  if (typeof value === 'string') {
    const match = RELATIVE_DAY.exec(value);
    return match ? chinaDate(new Date(now.getTime() + Number(match[1]) * 86_400_000)) : value;
  }
  if (Array.isArray(value)) return value.map((item) => resolveRelativeDates(item, now));
  return value;
}

export async function seedModuleDemo(db: Db, modules: readonly PortalModule[], now: Date = new Date()): Promise<void> {
  const registry = new Map<string, CollectionRecords>();
  for (const file of modules.flatMap((module) => module.collections))
    registry.set(file.id, new CollectionRecords(db, file, () => now, registry));
  for (const seed of modules.flatMap((module) => module.seeds)) {
    const records = registry.get(seed.collection);
    if (!records) throw new Error(`demo data names the unknown collection "${seed.collection}"`);
    for (const [projectId, rows] of Object.entries(seed.projects)) {
      await records.seed(
        projectId,
        rows.map((row, index): SeedRecord => {
          const values = Object.fromEntries(
            Object.entries(row).map(([name, value]) => [name, resolveRelativeDates(value, now)]),
          );
          return {
            id: typeof row.id === 'string' ? row.id : `${seed.collection}-${projectId}-${index + 1}`,
            createdBy: typeof row.createdBy === 'string' ? row.createdBy : DEMO_AUTHOR,
            values,
          };
        }),
      );
    }
  }
}
