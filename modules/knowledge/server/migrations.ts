/**
 * The knowledge module's own tables (the articles themselves are the collection knowledge-article):
 * - knowledge_search_index: an article's words for full-text search, one row per article: a tsvector of the words
 *   the module's segmenter cut (segmenter.ts; PostgreSQL's 'simple' configuration only lower-cases, so the same
 *   search runs on PGlite and on a PostgreSQL server without a Chinese parser), weighted title A, tags and standards
 *   B, summary C, body D; the body as plain text for the result's snippet; the dictionary version it was cut with,
 *   so a changed dictionary reindexes what it affects.
 * - knowledge_search_log: every search (who, when, the words, the synonyms added, how many articles it found), for
 *   搜索监控 and 词库分析.
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

export const migrations: Record<string, Migration> = {
  '0001-search': search,
};
