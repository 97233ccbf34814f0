/**
 * The labour module's own table (the registry, gates, attendance and wages are collections):
 * - labour_age_rule: a company's own age rule (one row per company, sys_office of type 公司). A company without a
 *   row follows the module settings (PORTAL_LABOUR_AGE_*), which stay the deployment-wide defaults; a reset to the
 *   defaults deletes the row, so a later change of the settings reaches that company again.
 */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

type AnyDb = Kysely<unknown>;

const ageRules: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('labour_age_rule')
      .addColumn('company_id', 'text', (c) => c.primaryKey())
      .addColumn('min_age', 'integer', (c) => c.notNull())
      .addColumn('male_max', 'integer', (c) => c.notNull())
      .addColumn('female_max', 'integer', (c) => c.notNull())
      .addColumn('special_male_max', 'integer', (c) => c.notNull())
      .addColumn('special_female_max', 'integer', (c) => c.notNull())
      .addColumn('refuse_registration', 'boolean', (c) => c.notNull())
      .addColumn('updated_by', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  },
};

export const migrations: Record<string, Migration> = {
  '0001-age-rules': ageRules,
};
