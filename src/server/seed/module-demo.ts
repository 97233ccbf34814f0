/**
 * The modules' demo records (`modules/<m>/seed/<collection>.json`, and those `modules/<m>/server/demo-data.ts`
 * makes from fixed seeds), seeded with PORTAL_DEMO=1 through the
 * collection's own rules (computed fields derived, references kept). Records have stable ids, so seeding at
 * every start adds only what is missing.
 */
import { CollectionRecords, type SeedRecord } from '../collections/records.js';
import { chinaDate } from '../lib/china-time.js';
import type { Db } from '../db/database.js';
import type { DailySeed, PortalModule } from '../modules/module-files.js';
import { moduleDemoData } from '../modules/module-plugins.js';

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

const DAY_MS = 86_400_000;

/** The weekday (0 = Sunday) of a `YYYY-MM-DD`. */
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** `YYYY-MM-DD` plus some days. */
const plusDays = (date: string, days: number) =>
  new Date(new Date(`${date}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);

/** A daily seed's records of one project: each row once per day of its range, skipping what it says. */
export function expandDaily(daily: DailySeed, rows: DailySeed['projects'][string], now: Date): SeedRecord[] {
  const resolve = (value: string) => String(resolveRelativeDates(value, now));
  const first = resolve(daily.from);
  const last = resolve(daily.to);
  const days = new Set(daily.days ?? [0, 1, 2, 3, 4, 5, 6]);
  const records: SeedRecord[] = [];
  for (const row of rows) {
    const { id, from, to, skip, vary, ...fields } = row;
    const start = from && resolve(from) > first ? resolve(from) : first;
    const end = to && resolve(to) < last ? resolve(to) : last;
    const skipped = new Set(skip ?? []);
    for (let offset = 0, date = first; date <= end; offset += 1, date = plusDays(first, offset)) {
      if (date < start || !days.has(weekday(date)) || skipped.has(offset)) continue;
      const values = {
        ...daily.values,
        ...(fields as Record<string, unknown>),
        ...vary?.[String(offset)],
        [daily.dateField]: date,
      };
      records.push({
        id: `${id}-${date}`,
        createdBy: DEMO_AUTHOR,
        values: { ...values, createdAt: `${date}T09:00:00+08:00` },
      });
    }
  }
  return records;
}

/**
 * Seeds ordered so that a collection's records come after those of the collections it references (a mix's
 * calibration points after the mix): a record is stored only when what it points at exists in its project.
 */
function inReferenceOrder<S extends { collection: string }>(
  seeds: readonly S[],
  registry: ReadonlyMap<string, CollectionRecords>,
): S[] {
  const ordered: S[] = [];
  const placed = new Set<S>();
  const place = (seed: S, path: ReadonlySet<string>) => {
    if (placed.has(seed) || path.has(seed.collection)) return;
    const references = Object.values(registry.get(seed.collection)?.file.references ?? {});
    for (const reference of references) {
      if (!('collection' in reference)) continue;
      for (const other of seeds)
        if (other.collection === reference.collection) place(other, new Set([...path, seed.collection]));
    }
    placed.add(seed);
    ordered.push(seed);
  };
  for (const seed of seeds) place(seed, new Set());
  return ordered;
}

export async function seedModuleDemo(db: Db, modules: readonly PortalModule[], now: Date = new Date()): Promise<void> {
  const registry = new Map<string, CollectionRecords>();
  for (const file of modules.flatMap((module) => module.collections))
    registry.set(file.id, new CollectionRecords(db, file, () => now, registry));
  const generated = await Promise.all(modules.map((module) => moduleDemoData(module)));
  const seeds = inReferenceOrder(
    modules.flatMap((module, index) => [...module.seeds, ...generated[index]]),
    registry,
  );
  const recordsOf = (collection: string) => {
    const records = registry.get(collection);
    if (!records) throw new Error(`demo data names the unknown collection "${collection}"`);
    return records;
  };
  for (const seed of seeds) {
    const records = recordsOf(seed.collection);
    for (const [projectId, rows] of Object.entries(seed.projects ?? {})) {
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
  // Daily records (attendance) refer to the plain ones (workers): they come second.
  for (const seed of seeds) {
    const { daily } = seed;
    if (!daily) continue;
    const records = recordsOf(seed.collection);
    for (const [projectId, rows] of Object.entries(daily.projects))
      await records.seed(projectId, expandDaily(daily, rows, now));
  }
}
