/**
 * The archive module's own table (folders, files and borrowings are collections):
 * - archive_file_version: every electronic file received for an archive file, one row per upload, numbered from 1;
 *   the stored bytes are the resumable upload `upload_id` (src/server/files/resumable-uploads.ts), kept as long as
 *   the row, with their SHA-256 taken when received. Rows go with their archive file.
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

type AnyDb = Kysely<unknown>;

const versions: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('archive_file_version')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('file_id', 'text', (c) => c.notNull())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('upload_id', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('file_type', 'text', (c) => c.notNull())
      .addColumn('file_size', 'bigint', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('uploaded_by', 'text', (c) => c.notNull())
      .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull())
      .addUniqueConstraint('archive_file_version_number', ['file_id', 'version'])
      .execute();
  },
};

export const migrations: Record<string, Migration> = {
  '0001-versions': versions,
};
