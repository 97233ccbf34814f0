/**
 * Migrating and seeding a database with the demo data takes most of an API test file's set-up, and every file
 * needs the same one: it is prepared once per run here and each file starts from a copy (test-app.ts).
 * - embedded (no DATABASE_URL): PGlite's data directory dumped to a file that each file's in-memory database loads;
 * - PostgreSQL: a database each file's database is created from (`CREATE DATABASE ... TEMPLATE`).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase, dumpEmbeddedDatabase } from '../../src/server/db/database.js';
import { prepareDatabase } from '../../src/server/prepare.js';

/** Where the prepared database is: a dump file of the embedded database, or a PostgreSQL database's name. */
export type PreparedTemplate = { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; database: string };

declare module 'vitest' {
  export interface ProvidedContext {
    preparedTemplate: PreparedTemplate;
  }
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const db = createDatabase({ kind: 'memory' });
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-api-template-'));
    try {
      await prepareDatabase(db, { demo: true, seed: 'whenChanged' });
      const dumpFile = path.join(dir, 'pgdata.tar');
      writeFileSync(dumpFile, Buffer.from(await (await dumpEmbeddedDatabase(db)).arrayBuffer()));
      project.provide('preparedTemplate', { kind: 'pglite', dumpFile });
    } finally {
      await db.destroy();
    }
    return async () => rmSync(dir, { recursive: true, force: true });
  }
  const database = `portal_tpl_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `CREATE DATABASE ${database}`);
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  const db = createDatabase({ kind: 'postgres', url: url.toString(), max: 2 });
  try {
    await prepareDatabase(db, { demo: true, seed: 'whenChanged' });
  } finally {
    // A template must have no connection open while databases are created from it.
    await db.destroy();
  }
  project.provide('preparedTemplate', { kind: 'postgres', database });
  return () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}
