/**
 * Records stored before a computed field was declared, or before its rule changed, are brought up to date at start
 * (collections/recompute.ts): once per definition, only where a value differs, without counting as an edit.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { recomputeChangedFields } from '../../src/server/collections/recompute.js';
import { collectionTable, fieldColumn } from '../../src/shared/collections.js';
import { loadModules } from '../../src/server/modules/module-files.js';
import { useTestApp } from './test-app.js';

const t = useTestApp();
const files = loadModules().flatMap((module) => module.collections);
const PILES = collectionTable('pile');
const COMPUTED = ['defective', 'theoreticalVolume', 'fillingCoefficient', 'qualityIssues'].map(fieldColumn);

interface PileRow {
  id: string;
  version: number;
  updated_at: Date;
  [column: string]: unknown;
}

const piles = async () => (await sql<PileRow>`select * from ${sql.table(PILES)} order by id`.execute(t.db)).rows;

describe('stored computed fields of existing records', () => {
  it('are recomputed once per definition, where they differ, without counting as an edit', async () => {
    const before = await piles();
    expect(before.length).toBeGreaterThan(0);
    expect(before.some((row) => row[fieldColumn('qualityIssues')] !== null)).toBe(true);
    // The start that prepared this database recorded the definitions: nothing to do.
    expect(await recomputeChangedFields(t.db, files)).toEqual(new Map());

    // As if the piles had been stored before these fields were declared.
    await sql`update ${sql.table(PILES)} set ${sql.join(COMPUTED.map((column) => sql`${sql.id(column)} = null`))}`.execute(
      t.db,
    );
    await t.db.deleteFrom('seed_run').where('fingerprint', 'like', 'computed:pile:%').execute();

    const changed = await recomputeChangedFields(t.db, files);
    expect([...changed.keys()]).toEqual(['pile']);
    expect(changed.get('pile')).toBe(before.length);
    const after = await piles();
    for (const [index, row] of after.entries()) {
      for (const column of COMPUTED)
        expect([row.id, column, row[column]]).toEqual([row.id, column, before[index]![column]]);
      expect(row.version).toBe(before[index]!.version);
      expect(row.updated_at).toEqual(before[index]!.updated_at);
    }
    expect(await recomputeChangedFields(t.db, files)).toEqual(new Map());
  });
});
