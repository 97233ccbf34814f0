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

/**
 * 拆分模型 (split*.ts): bim_split is one split of a model by storey or by discipline, run by the job bim-split; its
 * parts are bim_model rows of their own (split_id, part_label, part_elements, part_order), so each converts,
 * opens in the viewer and downloads as any model does, and goes with its split.
 */
const parts: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('bim_split')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('model_id', 'text', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'text')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('finished_at', 'timestamptz')
      .execute();
    await sql`create index bim_split_model on bim_split (model_id, created_at)`.execute(db);
    await db.schema
      .alterTable('bim_model')
      .addColumn('split_id', 'text')
      .addColumn('part_label', 'text')
      .addColumn('part_elements', 'integer')
      .addColumn('part_order', 'integer')
      .execute();
    await sql`create index bim_model_split on bim_model (split_id)`.execute(db);
  },
};

/**
 * 碰撞检查 (clash-*.ts): bim_clash_test is one check of a project (model A, or its discipline, against model B or
 * another discipline of A, with a tolerance), run by the job bim-clash with its progress; bim_clash holds what it
 * found, one row per element pair, kept across runs with its status and assignee (`found` says whether the latest
 * run found it again). Both go with their models (foreign keys that cascade).
 */
const clashes: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('bim_clash_test')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('model_a', 'text', (c) => c.notNull().references('bim_model.id').onDelete('cascade'))
      .addColumn('discipline_a', 'text', (c) => c.notNull())
      .addColumn('model_b', 'text', (c) => c.notNull().references('bim_model.id').onDelete('cascade'))
      .addColumn('discipline_b', 'text', (c) => c.notNull())
      .addColumn('tolerance_mm', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('error', 'text')
      .addColumn('run', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('elements_a', 'integer')
      .addColumn('elements_b', 'integer')
      .addColumn('candidates', 'integer')
      .addColumn('clash_count', 'integer')
      .addColumn('check_ms', 'integer')
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'timestamptz', (c) => c.notNull())
      .addColumn('finished_at', 'timestamptz')
      .execute();
    await sql`create index bim_clash_test_project on bim_clash_test (project_id, created_at)`.execute(db);
    await db.schema
      .createTable('bim_clash')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('test_id', 'text', (c) => c.notNull().references('bim_clash_test.id').onDelete('cascade'))
      .addColumn('pair_key', 'text', (c) => c.notNull())
      .addColumn('a_local_id', 'integer', (c) => c.notNull())
      .addColumn('a_guid', 'text', (c) => c.notNull())
      .addColumn('a_name', 'text', (c) => c.notNull())
      .addColumn('a_class', 'text', (c) => c.notNull())
      .addColumn('b_local_id', 'integer', (c) => c.notNull())
      .addColumn('b_guid', 'text', (c) => c.notNull())
      .addColumn('b_name', 'text', (c) => c.notNull())
      .addColumn('b_class', 'text', (c) => c.notNull())
      .addColumn('storey', 'text', (c) => c.notNull())
      .addColumn('distance_mm', 'integer', (c) => c.notNull())
      .addColumn('point', 'jsonb', (c) => c.notNull())
      .addColumn('viewpoint', 'jsonb', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('assignee_id', 'text')
      .addColumn('found', 'boolean', (c) => c.notNull())
      .addColumn('found_run', 'integer', (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
      .execute();
    await sql`create unique index bim_clash_pair on bim_clash (test_id, pair_key)`.execute(db);
  },
};

export const migrations: Record<string, Migration> = {
  '0001-models': models,
  '0002-clashes': clashes,
  '0003-parts': parts,
};
