/**
 * The BIM module's own table (the issues are the collection bim-issue):
 * - bim_model: an IFC model of a project as uploaded (the resumable upload `ifc_upload`, kept as long as the row) and
 *   as converted once by the job bim-convert (the fragments file `fragments_upload`, in the same file store), with the
 *   conversion's state, progress and what it found (elements, storeys, categories). Rows go with their project.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

type AnyDb = Kysely<unknown>;

const models: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('bim_model')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('ifc_upload', 'text', (c) => c.notNull())
      .addColumn('ifc_size', 'bigint', (c) => c.notNull())
      .addColumn('ifc_schema', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'text')
      .addColumn('fragments_upload', 'text')
      .addColumn('fragments_size', 'bigint')
      .addColumn('element_count', 'integer')
      .addColumn('storeys', 'jsonb')
      .addColumn('categories', 'jsonb')
      .addColumn('conversion_ms', 'integer')
      .addColumn('demo', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('uploaded_by', 'text', (c) => c.notNull())
      .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull())
      .addColumn('converted_at', 'timestamptz')
      .execute();
    await sql`create index bim_model_project on bim_model (project_id, uploaded_at)`.execute(db);
  },
};

export const migrations: Record<string, Migration> = {
  '0001-models': models,
};
