/**
 * The data-visual module's own table (the dashboards themselves are the collection ldview-dashboard):
 * - ldview_dashboard_version: every saved revision of a dashboard's file, as it was saved and by whom, so a
 *   published release keeps showing the revision that was published while the designer goes on, and a configurator
 *   can see the history. Rows go with their dashboard (plugin.ts deletes them with it).
 * - ldview_screen_version: every saved design of a big screen (项目大屏, 公司大屏; by the screen's page id), the newest
 *   the one the screen draws; a row without a file is a reset to the shipped design (screen-designs.ts).
 */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

type AnyDb = Kysely<unknown>;

const versions: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('ldview_dashboard_version')
      .addColumn('dashboard_id', 'text', (c) => c.notNull())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('file', 'text', (c) => c.notNull())
      .addColumn('chart_count', 'integer', (c) => c.notNull())
      .addColumn('saved_by_name', 'text', (c) => c.notNull())
      .addColumn('saved_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('ldview_dashboard_version_pk', ['dashboard_id', 'revision'])
      .execute();
  },
};

const screens: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('ldview_screen_version')
      .addColumn('screen_id', 'text', (c) => c.notNull())
      .addColumn('revision', 'integer', (c) => c.notNull())
      .addColumn('file', 'text')
      .addColumn('panel_count', 'integer', (c) => c.notNull())
      .addColumn('saved_by_name', 'text', (c) => c.notNull())
      .addColumn('saved_at', 'timestamptz', (c) => c.notNull())
      .addPrimaryKeyConstraint('ldview_screen_version_pk', ['screen_id', 'revision'])
      .execute();
  },
};

export const migrations: Record<string, Migration> = {
  '0001-versions': versions,
  '0002-screens': screens,
};
