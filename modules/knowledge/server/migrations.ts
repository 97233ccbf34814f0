/**
 * The knowledge module's own tables (the articles themselves are the collection knowledge-article):
 * - knowledge_search_index: an article's words for full-text search, one row per article: a tsvector of the words
 *   the module's segmenter cut (segmenter.ts; PostgreSQL's 'simple' configuration only lower-cases, so the same
 *   search runs on PGlite and on a PostgreSQL server without a Chinese parser), weighted title A, tags and standards
 *   B, summary C, body D; the body as plain text for the result's snippet; the dictionary version it was cut with,
 *   so a changed dictionary reindexes what it affects.
 * - knowledge_search_log (0001, until 0002): every search, before searches were recorded in the portal's own search
 *   log (search_log, where every search of the portal is); 0002 moves its rows there and drops it.
 */
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';

type AnyDb = Kysely<unknown>;

const search: Migration = {
  async up(db: AnyDb) {
    await db.schema
      .createTable('knowledge_search_index')
      .addColumn('article_id', 'text', (c) => c.primaryKey())
      .addColumn('project_id', 'text', (c) => c.notNull())
      .addColumn('doc', sql`tsvector`, (c) => c.notNull())
      .addColumn('plain', 'text', (c) => c.notNull())
      .addColumn('lexicon', 'text', (c) => c.notNull())
      .addColumn('indexed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
    await sql`create index knowledge_search_index_doc_idx on knowledge_search_index using gin (doc)`.execute(db);
    await db.schema
      .createIndex('knowledge_search_index_project_idx')
      .on('knowledge_search_index')
      .column('project_id')
      .execute();
    await db.schema
      .createTable('knowledge_search_log')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('searched_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('user_id', 'text', (c) => c.notNull())
      .addColumn('user_name', 'text', (c) => c.notNull())
      // The searcher's company ('' for an administrator who sees every company), so a company's monitor sees its own.
      .addColumn('company_id', 'text', (c) => c.notNull())
      .addColumn('query', 'text', (c) => c.notNull())
      .addColumn('words', 'jsonb', (c) => c.notNull())
      .addColumn('expanded', 'jsonb', (c) => c.notNull())
      .addColumn('result_count', 'integer', (c) => c.notNull())
      // all: every word matched; any: no article had all words, those with some are shown; none: nothing found.
      .addColumn('match_mode', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('knowledge_search_log_company_idx')
      .on('knowledge_search_log')
      .columns(['company_id', 'searched_at'])
      .execute();
  },
};

/** The module's search records join the portal's search log (source knowledge), which 搜索监控 reads. */
const searchLogToPortal: Migration = {
  async up(db: AnyDb) {
    await sql`insert into search_log (id, searched_at, user_id, user_name, company_id, project_id, source,
        source_name, query, words, expanded, result_count, match_mode)
      select id, searched_at, user_id, user_name, company_id, null, 'knowledge', '知识库', query, words, expanded,
        result_count, match_mode
      from knowledge_search_log
      on conflict (id) do nothing`.execute(db);
    await db.schema.dropTable('knowledge_search_log').execute();
  },
};

/**
 * The article's update time beside its words, with an index of it: a query matching most articles ranks its newest
 * matches (search.ts) by walking this index instead of ranking every match. Rows without it are indexed again at start.
 */
const recentMatches: Migration = {
  async up(db: AnyDb) {
    await db.schema.alterTable('knowledge_search_index').addColumn('updated_at', 'timestamptz').execute();
    await sql`create index knowledge_search_index_recent_idx on knowledge_search_index (updated_at desc)`.execute(db);
  },
};

export const migrations: Record<string, Migration> = {
  '0001-search': search,
  '0002-search-log-to-portal': searchLogToPortal,
  '0003-recent-matches': recentMatches,
};
