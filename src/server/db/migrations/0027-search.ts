/**
 * Search, a concern of the whole portal (src/server/search):
 * - search_log: every search a user ran, wherever (the side menu's and the application centre's app search in the
 *   browser, a module's server-side search, a collection list searched by text): who, their company ('' for an
 *   administrator who sees every company), the project selected, the source and its name as users read it, the
 *   query, the words it was cut into and the synonyms added (server-side searches that segment), how many results,
 *   and later the page the user went to from it. 搜索监控 and 词库分析 read it.
 * - search_word and search_synonym: the custom dictionary (word, frequency, part of speech) and the synonym groups
 *   the segmenting searches use, maintained on 词库分析; search_lexicon_seed remembers which files seeded them, so
 *   a word an administrator deleted does not come back at the next start. Their writes raise the cache version
 *   `search-lexicon` (0007-cache-versions), so every instance knows to rebuild its segmenter.
 */
import { type Kysely, sql } from 'kysely';

type AnyDb = Kysely<unknown>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('search_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('searched_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('company_id', 'text', (c) => c.notNull())
    .addColumn('project_id', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_name', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('words', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('expanded', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('result_count', 'integer', (c) => c.notNull())
    // all: every word matched; any: only some did; none: nothing found; null: a search that does not segment.
    .addColumn('match_mode', 'text')
    .addColumn('target_path', 'text')
    .addColumn('target_name', 'text')
    .addColumn('target_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('search_log_time_idx').on('search_log').column('searched_at').execute();
  await db.schema
    .createIndex('search_log_company_idx')
    .on('search_log')
    .columns(['company_id', 'searched_at'])
    .execute();

  await db.schema
    .createTable('search_word')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('word', 'text', (c) => c.notNull().unique())
    .addColumn('frequency', 'integer', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('search_synonym')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // The group's words, the preferred one first.
    .addColumn('words', 'jsonb', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('search_lexicon_seed')
    .addColumn('source', 'text', (c) => c.primaryKey())
    .addColumn('seeded_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`insert into cache_version (name, version) values ('search-lexicon', 0)`.execute(db);
  for (const table of ['search_word', 'search_synonym']) {
    await sql`
      create trigger ${sql.raw(`${table}_search_lexicon_version`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function bump_cache_version('search-lexicon')`.execute(db);
  }
}
