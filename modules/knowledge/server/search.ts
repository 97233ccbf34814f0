/**
 * Finding articles: by the words of a query (segmented like the articles, each word widened by its synonyms,
 * matched against the index's tsvector and ranked by ts_rank: a word in the title weighs more than one in the body),
 * filtered by category, tag or cited standard, within the projects the caller may see. Every word must match; when
 * no article has them all, the articles with some of them are found instead, and the answer says so. Each search
 * with words is recorded in the portal's search log (source `knowledge`) for 搜索监控.
 */
import { type RawBuilder, sql } from 'kysely';
import {
  type CollectionRecords,
  type Db,
  fieldColumn,
  type MatchMode,
  type SearchEntry,
} from '../../../src/server/module-api.js';
import { CATEGORIES } from './categories.js';
import type { AnalysedQuery, Segmenter } from './segmenter.js';

export interface SearchParams {
  q?: string;
  category?: string;
  tag?: string;
  standard?: string;
  pageNo: number;
  pageSize: number;
  /** The projects whose articles the caller may read (their company's; every project for an administrator). */
  projectIds: readonly string[];
}

export type { MatchMode };

/** Where searches are recorded: the portal's search log. */
interface SearchRecorder {
  record(entry: SearchEntry): Promise<string>;
}

export interface FoundArticle {
  id: string;
  rank: number;
  plain: string;
}

export interface SearchAnswer {
  found: FoundArticle[];
  total: number;
  /** The query's words and synonyms (none without a query). */
  analysed: AnalysedQuery | null;
  matchMode: MatchMode | null;
}

const column = (name: string) => sql.ref(`t.${fieldColumn(name)}`);

/**
 * How many articles a search answers at most: its newest matches, ranked by relevance. Nobody reads past the
 * hundredth page of a search; ranking (and counting) every match of a word most articles hold would read them all.
 */
export const SEARCH_LIMIT = 1_000;

/** Articles of one moment (a seeded library) in the order the kinds are named: standards, methods, briefings, cases. */
const KIND_ORDER = sql`case ${column('category')} ${sql.join(
  CATEGORIES.map((category, index) => sql`when ${sql.lit(category)} then ${sql.lit(index)}`),
  sql` `,
)} else ${sql.lit(CATEGORIES.length)} end`;

/** A query matching any word of the group: the word or one of its synonyms, each a phrase of its lexemes. */
function groupQuery(group: readonly string[]): RawBuilder<unknown> {
  return sql`(${sql.join(
    group.map((word) => sql`phraseto_tsquery('simple', ${word})`),
    sql` || `,
  )})`;
}

export class ArticleSearch {
  constructor(
    private readonly records: CollectionRecords,
    private readonly db: Db,
    private readonly segmenter: Segmenter,
    private readonly log: SearchRecorder,
  ) {}

  async search(params: SearchParams): Promise<SearchAnswer> {
    if (params.projectIds.length === 0) return { found: [], total: 0, analysed: null, matchMode: null };
    const text = params.q?.trim() ?? '';
    const analysed = text === '' ? null : this.segmenter.analyseQuery(text);
    if (!analysed) return { ...(await this.page(params, null)), analysed: null, matchMode: null };
    // A query of stop words only (的) finds nothing rather than everything.
    if (analysed.groups.length === 0) return { found: [], total: 0, analysed, matchMode: 'none' };
    const all = sql.join(analysed.groups.map(groupQuery), sql` && `);
    const first = await this.page(params, all);
    if (first.total > 0 || analysed.groups.length === 1) {
      return { ...first, analysed, matchMode: first.total > 0 ? 'all' : 'none' };
    }
    const some = await this.page(params, sql.join(analysed.groups.map(groupQuery), sql` || `));
    return { ...some, analysed, matchMode: some.total > 0 ? 'any' : 'none' };
  }

  /** Records a search: what was asked, the words it was cut into, the synonyms added, how many articles it found. */
  async record(user: SearchEntry['user'], query: string, answer: SearchAnswer): Promise<string> {
    return this.log.record({
      user,
      source: 'knowledge',
      sourceName: '知识库',
      query,
      words: answer.analysed?.words ?? [],
      expanded: answer.analysed?.expanded ?? [],
      resultCount: answer.total,
      matchMode: answer.matchMode ?? 'none',
    });
  }

  private async page(
    params: SearchParams,
    query: RawBuilder<unknown> | null,
  ): Promise<{ found: FoundArticle[]; total: number }> {
    if (query) return this.matchesPage(params, query);
    const conditions = [sql`t.project_id in (${sql.join([...params.projectIds])})`, ...filtersOf(params)];
    const where = sql.join(conditions, sql` and `);
    const from = sql`from ${sql.table(this.records.table)} t left join knowledge_search_index i on i.article_id = t.id`;
    const [rows, count] = await Promise.all([
      sql<FoundArticle>`select t.id, 0 as rank, coalesce(i.plain, '') as plain ${from} where ${where}
        order by t.updated_at desc, ${KIND_ORDER}, ${column('title')}, t.id
        limit ${params.pageSize} offset ${(params.pageNo - 1) * params.pageSize}`.execute(this.db),
      sql<{ n: string }>`select count(*) as n ${from} where ${where}`.execute(this.db),
    ]);
    return {
      found: rows.rows.map((row) => ({ ...row, rank: Number(row.rank) })),
      total: Number(count.rows[0]?.n ?? 0),
    };
  }

  /**
   * The articles matching `query`, a page of them: the newest SEARCH_LIMIT matches (found by walking the index of
   * the articles' update time, which stops once it has them, or through the words' GIN index when they are rare),
   * ranked by ts_rank. A word most articles hold (施工 in 99,000 of 100,000) thus costs a thousand rows, not all of
   * them; a query with fewer matches ranks them all. The total is counted up to SEARCH_LIMIT likewise.
   */
  private async matchesPage(
    params: SearchParams,
    query: RawBuilder<unknown>,
  ): Promise<{ found: FoundArticle[]; total: number }> {
    const filters = filtersOf(params);
    // The articles' table only when a filter needs it: the index row holds the project and the update time.
    const matches = sql`from knowledge_search_index i
      ${filters.length > 0 ? sql`join ${sql.table(this.records.table)} t on t.id = i.article_id` : sql``}
      where i.project_id in (${sql.join([...params.projectIds])}) and i.doc @@ (${query})
      ${filters.length > 0 ? sql`and ${sql.join(filters, sql` and `)}` : sql``}`;
    const offset = (params.pageNo - 1) * params.pageSize;
    const rows = sql<FoundArticle>`select w.id, w.rank, w.plain from (
        select i.article_id as id, ts_rank(i.doc, (${query})) as rank, i.plain, i.updated_at
        ${matches} order by i.updated_at desc, i.article_id limit ${SEARCH_LIMIT}) w
      join ${sql.table(this.records.table)} t on t.id = w.id
      order by w.rank desc, w.updated_at desc, ${KIND_ORDER}, ${column('title')}, w.id
      limit ${params.pageSize} offset ${offset}`;
    const [page, count] = await Promise.all([
      // Past the answered matches (a page number typed into the address) there is nothing to rank.
      offset >= SEARCH_LIMIT ? { rows: [] } : rows.execute(this.db),
      sql<{ n: string }>`select count(*) as n from (select 1 ${matches} limit ${SEARCH_LIMIT}) m`.execute(this.db),
    ]);
    return {
      found: page.rows.map((row) => ({ ...row, rank: Number(row.rank) })),
      total: Number(count.rows[0]?.n ?? 0),
    };
  }
}

/** Category, tag and cited standard, as conditions on the articles' table `t`. */
function filtersOf(params: SearchParams): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (params.category) conditions.push(sql`${column('category')} = ${params.category}`);
  if (params.tag) conditions.push(sql`${column('tags')} @> ${JSON.stringify([params.tag])}::jsonb`);
  if (params.standard) conditions.push(sql`${column('standards')} @> ${JSON.stringify([params.standard])}::jsonb`);
  return conditions;
}
