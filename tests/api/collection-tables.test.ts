/**
 * A collection's table follows its file from start to start: a new field becomes a column and every existing row
 * stays; a field whose type changed stops the start and changes nothing (that needs an explicit migration).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CollectionFile } from '../../src/shared/collections.js';
import { CollectionRecords } from '../../src/server/collections/records.js';
import { CollectionSchemaError, syncCollectionTables } from '../../src/server/collections/table-sync.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { createTestDatabase, type TestDatabase } from './test-app.js';

function deliveries(extra: CollectionFile['schema']['properties'] = {}): CollectionFile {
  return {
    kind: 'collection',
    id: 'test-delivery',
    title: '材料进场',
    permissions: { view: 'test:delivery:view', edit: 'test:delivery:edit' },
    schema: {
      type: 'object',
      required: ['material'],
      properties: {
        material: { type: 'string', title: '材料' },
        tons: { type: 'number', title: '重量' },
        ...extra,
      },
    },
  };
}

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  await migrateToLatest(database.db);
});
afterAll(async () => database.drop());

describe('collection tables', () => {
  it('adds a column for a new field at the next start and keeps every row', async () => {
    const now = () => new Date();
    await syncCollectionTables(database.db, [deliveries()]);
    const v1 = new CollectionRecords(database.db, deliveries(), now, new Map());
    for (const material of ['钢筋', '水泥', '砂石']) await v1.create('project-a', { material, tons: 12.5 }, 'user-a');

    const withSupplier = deliveries({ supplier: { type: 'string', title: '供应商' } });
    await syncCollectionTables(database.db, [withSupplier]);
    const v2 = new CollectionRecords(database.db, withSupplier, now, new Map());
    const page = await v2.list({ projectId: 'project-a', pageNo: 1, pageSize: 10, filters: {} });
    expect(page.total).toBe(3);
    expect(page.dataList.map((row) => row.material).sort()).toEqual(['水泥', '砂石', '钢筋']);
    const created = await v2.create('project-a', { material: '模板', supplier: '华东建材' }, 'user-a');
    expect(created).toMatchObject({ material: '模板', supplier: '华东建材' });
  });

  it('refuses to retype a stored field and leaves the table as it was', async () => {
    const retyped = deliveries({ supplier: { type: 'string', title: '供应商' } });
    retyped.schema.properties.tons = { type: 'string', title: '重量' };
    await expect(syncCollectionTables(database.db, [retyped])).rejects.toThrow(CollectionSchemaError);
    await expect(syncCollectionTables(database.db, [retyped])).rejects.toThrow(/explicit migration/);
    const column = await sql<{ data_type: string }>`select data_type from information_schema.columns
      where table_name = 'c_test_delivery' and column_name = 'tons'`.execute(database.db);
    expect(column.rows[0]?.data_type).toBe('double precision');
    const count = await sql<{ n: string }>`select count(*) as n from c_test_delivery`.execute(database.db);
    expect(Number(count.rows[0]?.n)).toBe(4);
  });
});
