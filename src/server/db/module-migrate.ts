/**
 * The modules' own tables (modules/<id>/server/migrations.ts), migrated after the portal's. Each module has its
 * own history and lock tables (`module_migration_<id>`), so a module's migration names are its own and adding or
 * removing a module never disturbs the order of anyone else's.
 */
import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { moduleMigrations } from '../modules/module-plugins.js';
import type { PortalModule } from '../modules/module-files.js';

function historyTable(moduleId: string): string {
  return `module_migration_${moduleId.replace(/[^a-z0-9]/gi, '_')}`;
}

async function doneNames<T>(db: Kysely<T>, table: string): Promise<Set<string> | undefined> {
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(table)}`.execute(db);
    return new Set(rows.map((row) => row.name));
  } catch {
    return undefined;
  }
}

export async function migrateModules<T>(db: Kysely<T>, modules: readonly PortalModule[]): Promise<string[]> {
  const applied: string[] = [];
  for (const module of modules) {
    const migrations = await moduleMigrations(module);
    if (!migrations) continue;
    const table = historyTable(module.manifest.id);
    // One query when nothing is new, instead of the Migrator's own checks at every start.
    const done = await doneNames(db, table);
    if (done && Object.keys(migrations).every((name) => done.has(name))) continue;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      migrationTableName: table,
      migrationLockTableName: `${table}_lock`,
    });
    const { error, results } = await migrator.migrateToLatest();
    if (error)
      throw new Error(
        `模块 ${module.manifest.id} 的数据库迁移失败：${error instanceof Error ? error.message : String(error)}`,
      );
    applied.push(
      ...(results ?? []).filter((r) => r.status === 'Success').map((r) => `${module.manifest.id}/${r.migrationName}`),
    );
  }
  return applied;
}
