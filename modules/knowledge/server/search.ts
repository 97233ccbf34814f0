/**
 * Finding articles: by the words of a query (segmented like the articles, each word widened by its synonyms,
 * matched against the index's tsvector and ranked by ts_rank: a word in the title weighs more than one in the body),
 * filtered by category, tag or cited standard, within the projects the caller may see. Every word must match; when
 * no article has them all, the articles with some of them are found instead, and the answer says so. Each search
 * with words is recorded (knowledge_search_log) for 搜索监控.
 */
import { randomUUID } from 'node:crypto';
import { type RawBuilder, sql } from 'kysely';
import { type CollectionRecords, type Db, fieldColumn } from '../../../src/server/module-api.js';
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

export type MatchMode = 'all' | 'any' | 'none';

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

/** Who searched, for the search record. */
export interface Searcher {
  userId: string;
  userName: string;
  /** '' for an administrator who sees every company. */
  companyId: string;
}

const column = (name: string) => sql.ref(`t.${fieldColumn(name)}`);

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
  async record(searcher: Searcher, query: string, answer: SearchAnswer): Promise<void> {
    await sql`insert into knowledge_search_log
        (id, searched_at, user_id, user_name, company_id, query, words, expanded, result_count, match_mode)
      values (${randomUUID()}, now(), ${searcher.userId}, ${searcher.userName}, ${searcher.companyId}, ${query},
        ${JSON.stringify(answer.analysed?.words ?? [])}::jsonb, ${JSON.stringify(answer.analysed?.expanded ?? [])}::jsonb,
        ${answer.total}, ${answer.matchMode ?? 'none'})`.execute(this.db);
  }

  private async page(
    params: SearchParams,
    query: RawBuilder<unknown> | null,
  ): Promise<{ found: FoundArticle[]; total: number }> {
    const conditions = [sql`t.project_id in (${sql.join([...params.projectIds])})`];
    if (params.category) conditions.push(sql`${column('category')} = ${params.category}`);
    if (params.tag) conditions.push(sql`${column('tags')} @> ${JSON.stringify([params.tag])}::jsonb`);
    if (params.standard) conditions.push(sql`${column('standards')} @> ${JSON.stringify([params.standard])}::jsonb`);
    if (query) conditions.push(sql`i.doc @@ q.query`);
    const where = sql.join(conditions, sql` and `);
    const from = sql`from ${sql.table(this.records.table)} t
      left join knowledge_search_index i on i.article_id = t.id
      cross join (select ${query ?? sql`null::tsquery`} as query) q`;
    const rank = query ? sql`ts_rank(i.doc, q.query)` : sql`0`;
    const [rows, count] = await Promise.all([
      sql<FoundArticle>`select t.id, ${rank} as rank, coalesce(i.plain, '') as plain ${from} where ${where}
        order by rank desc, t.updated_at desc, ${KIND_ORDER}, ${column('title')}, t.id
        limit ${params.pageSize} offset ${(params.pageNo - 1) * params.pageSize}`.execute(this.db),
      sql<{ n: string }>`select count(*) as n ${from} where ${where}`.execute(this.db),
    ]);
    return {
      found: rows.rows.map((row) => ({ ...row, rank: Number(row.rank) })),
      total: Number(count.rows[0]?.n ?? 0),
    };
  }
}
