/** The start-up seed runs once per fingerprint (src/server/seed/seed-once.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { seedFingerprint, seedOnce } from '../../src/server/seed/seed-once.js';
import { createTestDatabase, type TestDatabase } from './test-app.js';

describe('seed once', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.db);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('seeds a new database, skips an unchanged start, seeds again when the demo flag changes', async () => {
    const { db } = database;
    expect(seedFingerprint({ demo: true })).not.toBe(seedFingerprint({ demo: false }));
    expect(await seedOnce(db, { demo: false })).toBe(true);
    expect(await db.selectFrom('sys_user').select('id').execute()).toEqual([]);
    expect((await db.selectFrom('sys_menu').select('id').execute()).length).toBeGreaterThan(50);
    expect(await seedOnce(db, { demo: false })).toBe(false);
    expect(await seedOnce(db, { demo: true })).toBe(true);
    expect((await db.selectFrom('sys_user').select('id').execute()).length).toBeGreaterThan(0);
    expect(await seedOnce(db, { demo: true })).toBe(false);
  });
});
