/**
 * What the portal's search log (search_log, kept by the core for every search: the side menu, the application
 * centre, the knowledge library, the archives) says over a range of China days: for 搜索监控 the searches, the
 * popular and the fruitless ones, the daily trend, the sources and the pages people went to; for 词库分析 the words
 * the segmenting searches cut queries into, beside the dictionary and synonyms. Nothing is copied into a table of
 * our own: a range is a range scan of the log's time index.
 *
 * Every figure counts only the searches of people the caller may see: an administrator everyone's, anyone else
 * their own company's (the log keeps each searcher's company, '' for an administrator).
 */
import { sql, type RawBuilder } from 'kysely';
import { chinaDateTime, type DataScope, type Db } from '../../../src/server/module-api.js';

const DAY_MS = 86_400_000;
/** The China day `YYYY-MM-DD` as the instant it begins. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
/** `YYYY-MM-DD` plus some days. */
export const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export interface DayRange {
  /** First China day counted. */
  from: string;
  /** Last China day counted. */
  to: string;
}

/** A chart row, as the dashboard's line, bar and pie panels take them. */
export interface ChartRow {
  name: string;
  value: number;
  series?: string;
}

export interface MonitorFigures {
  searches: number;
  searchers: number;
  nothingFound: number;
  /** Searches that found nothing over all searches, in percent (one decimal). */
  nothingFoundRate: number;
  followed: number;
  distinctQueries: number;
}

export interface PopularQuery {
  rank: number;
  query: string;
  searches: number;
  users: number;
  averageResults: number;
}

export interface FruitlessQuery {
  rank: number;
  query: string;
  sources: string;
  searches: number;
  lastSearched: string;
}

export interface FollowedPage {
  rank: number;
  name: string;
  path: string;
  visits: number;
  users: number;
  /** A few of the queries that led there, 、 between them. */
  queries: string;
}

export interface MonitorOverview {
  range: DayRange;
  figures: MonitorFigures;
  daily: ChartRow[];
  sources: ChartRow[];
  top: PopularQuery[];
  nothing: FruitlessQuery[];
  targets: FollowedPage[];
}

export interface WordUse {
  word: string;
  searches: number;
  nothingFound: number;
  /** 是 when the word is in the custom dictionary, else 否 (jieba's own dictionary or cut as it came). */
  inDictionary: string;
  /** The other words of its synonym group, 、 between them. */
  synonyms: string;
}

export interface LexiconAnalysis {
  range: DayRange;
  figures: {
    segmentedSearches: number;
    distinctWords: number;
    expandedSearches: number;
    nothingFoundWords: number;
    dictionaryWords: number;
    synonymGroups: number;
  };
  /** The most searched words, for the bar chart. */
  chart: ChartRow[];
  words: WordUse[];
}

export interface RecordFilter {
  query?: string;
  result?: 'found' | 'none';
  /** China days, inclusive. */
  dateFrom?: string;
  dateTo?: string;
}

export interface SearchRecordRow {
  id: string;
  searchedAt: string;
  userName: string;
  sourceName: string;
  query: string;
  wordsText: string;
  resultCount: number;
  matchMode: string;
  targetName: string;
  targetPath: string;
}

const TOP = 15;
const CHART_WORDS = 15;
const TABLE_WORDS = 30;
const SEARCHES = '搜索次数';
const NOTHING = '未查询到结果';

/** The searches of people the caller may see. */
function visible(scope: DataScope): RawBuilder<unknown> {
  if (scope.all) return sql`true`;
  return scope.companyId === null ? sql`false` : sql`l.company_id = ${scope.companyId}`;
}

function within(range: DayRange): RawBuilder<unknown> {
  return sql`l.searched_at >= ${dayStart(range.from)} and l.searched_at < ${dayStart(plusDays(range.to, 1))}`;
}

const count = (value: unknown) => Number(value ?? 0);
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part * 1000) / whole) / 10);
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

export class SearchFigures {
  constructor(private readonly db: Db) {}

  async monitor(scope: DataScope, range: DayRange): Promise<MonitorOverview> {
    const where = sql`${visible(scope)} and ${within(range)}`;
    const [figures, daily, sources, top, nothing, targets] = await Promise.all([
      sql<Record<keyof MonitorFigures, string>>`select count(*) as searches,
          count(distinct l.user_id) as searchers,
          count(*) filter (where l.result_count = 0) as "nothingFound",
          count(*) filter (where l.target_path is not null) as followed,
          count(distinct lower(l.query)) as "distinctQueries"
        from search_log l where ${where}`.execute(this.db),
      sql<{ day: string; searches: string; nothing: string }>`select
          to_char((l.searched_at at time zone 'Asia/Shanghai')::date, 'YYYY-MM-DD') as day,
          count(*) as searches, count(*) filter (where l.result_count = 0) as nothing
        from search_log l where ${where} group by 1`.execute(this.db),
      sql<{ name: string; value: string }>`select l.source_name as name, count(*) as value
        from search_log l where ${where} group by l.source_name order by value desc, name`.execute(this.db),
      sql<{ query: string; searches: string; users: string; average: string }>`select min(l.query) as query,
          count(*) as searches, count(distinct l.user_id) as users, round(avg(l.result_count), 1) as average
        from search_log l where ${where} group by lower(l.query)
        order by searches desc, max(l.searched_at) desc limit ${TOP}`.execute(this.db),
      sql<{ query: string; sources: string; searches: string; last: Date }>`select min(l.query) as query,
          string_agg(distinct l.source_name, '、') as sources, count(*) as searches, max(l.searched_at) as last
        from search_log l where ${where} and l.result_count = 0 group by lower(l.query)
        order by searches desc, last desc limit ${TOP}`.execute(this.db),
      sql<{ path: string; name: string; visits: string; users: string; queries: string[] }>`select
          l.target_path as path, max(l.target_name) as name, count(*) as visits, count(distinct l.user_id) as users,
          (array_agg(distinct l.query))[1:3] as queries
        from search_log l where ${where} and l.target_path is not null group by l.target_path
        order by visits desc, path limit ${TOP}`.execute(this.db),
    ]);
    const totals = figures.rows[0];
    const searches = count(totals?.searches);
    const nothingFound = count(totals?.nothingFound);
    const byDay = new Map(daily.rows.map((row) => [row.day, row]));
    const days: string[] = [];
    for (let day = range.from; day <= range.to; day = plusDays(day, 1)) days.push(day);
    return {
      range,
      figures: {
        searches,
        searchers: count(totals?.searchers),
        nothingFound,
        nothingFoundRate: percent(nothingFound, searches),
        followed: count(totals?.followed),
        distinctQueries: count(totals?.distinctQueries),
      },
      daily: days.flatMap((day) => [
        { name: day, value: count(byDay.get(day)?.searches), series: SEARCHES },
        { name: day, value: count(byDay.get(day)?.nothing), series: NOTHING },
      ]),
      sources: sources.rows.map((row) => ({ name: row.name, value: count(row.value) })),
      top: top.rows.map((row, index) => ({
        rank: index + 1,
        query: row.query,
        searches: count(row.searches),
        users: count(row.users),
        averageResults: Number(row.average),
      })),
      nothing: nothing.rows.map((row, index) => ({
        rank: index + 1,
        query: row.query,
        sources: row.sources,
        searches: count(row.searches),
        lastSearched: chinaDateTime(new Date(row.last)).slice(0, 16),
      })),
      targets: targets.rows.map((row, index) => ({
        rank: index + 1,
        name: row.name || row.path,
        path: row.path,
        visits: count(row.visits),
        users: count(row.users),
        queries: row.queries.join('、'),
      })),
    };
  }

  async lexicon(scope: DataScope, range: DayRange): Promise<LexiconAnalysis> {
    const where = sql`${visible(scope)} and ${within(range)}`;
    const [figures, words, dictionary, groups] = await Promise.all([
      sql<{ segmented: string; expanded: string }>`select
          count(*) filter (where jsonb_array_length(l.words) > 0) as segmented,
          count(*) filter (where jsonb_array_length(l.expanded) > 0) as expanded
        from search_log l where ${where}`.execute(this.db),
      sql<{ word: string; searches: string; nothing: string }>`select w.word, count(*) as searches,
          count(*) filter (where l.result_count = 0) as nothing
        from search_log l cross join lateral jsonb_array_elements_text(l.words) as w(word)
        where ${where} group by w.word order by searches desc, w.word`.execute(this.db),
      sql<{ n: string }>`select count(*) as n from search_word`.execute(this.db),
      sql<{ words: string[] }>`select words from search_synonym`.execute(this.db),
    ]);
    const shown = words.rows.slice(0, TABLE_WORDS);
    const known = new Set(
      (
        await sql<{ word: string }>`select word from search_word where word in (${sql.join(
          shown.length > 0 ? shown.map((row) => row.word) : [''],
        )})`.execute(this.db)
      ).rows.map((row) => row.word),
    );
    const synonymsOf = (word: string) =>
      groups.rows
        .filter((group) => group.words.includes(word))
        .flatMap((group) => group.words.filter((other) => other !== word));
    return {
      range,
      figures: {
        segmentedSearches: count(figures.rows[0]?.segmented),
        distinctWords: words.rows.length,
        expandedSearches: count(figures.rows[0]?.expanded),
        nothingFoundWords: words.rows.filter((row) => count(row.nothing) > 0).length,
        dictionaryWords: count(dictionary.rows[0]?.n),
        synonymGroups: groups.rows.length,
      },
      chart: words.rows.slice(0, CHART_WORDS).map((row) => ({ name: row.word, value: count(row.searches) })),
      words: shown.map((row) => ({
        word: row.word,
        searches: count(row.searches),
        nothingFound: count(row.nothing),
        inDictionary: known.has(row.word) ? '是' : '否',
        synonyms: synonymsOf(row.word).join('、'),
      })),
    };
  }

  /** The searches themselves, newest first, for the list (and its Excel export). */
  async records(
    scope: DataScope,
    filter: RecordFilter,
    pageNo: number,
    pageSize: number,
  ): Promise<{ dataList: SearchRecordRow[]; total: number }> {
    const conditions = [visible(scope)];
    if (filter.query) conditions.push(sql`l.query ilike ${`%${escapeLike(filter.query.trim())}%`}`);
    if (filter.result === 'none') conditions.push(sql`l.result_count = 0`);
    if (filter.result === 'found') conditions.push(sql`l.result_count > 0`);
    if (filter.dateFrom) conditions.push(sql`l.searched_at >= ${dayStart(filter.dateFrom)}`);
    if (filter.dateTo) conditions.push(sql`l.searched_at < ${dayStart(plusDays(filter.dateTo, 1))}`);
    const where = sql.join(conditions, sql` and `);
    const [rows, total] = await Promise.all([
      sql<{
        id: string;
        searched_at: Date;
        user_name: string;
        source_name: string;
        query: string;
        words: string[];
        result_count: number;
        match_mode: string | null;
        target_name: string | null;
        target_path: string | null;
      }>`select l.id, l.searched_at, l.user_name, l.source_name, l.query, l.words, l.result_count, l.match_mode,
          l.target_name, l.target_path
        from search_log l where ${where} order by l.searched_at desc, l.id
        limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(this.db),
      sql<{ n: string }>`select count(*) as n from search_log l where ${where}`.execute(this.db),
    ]);
    return {
      dataList: rows.rows.map((row) => ({
        id: row.id,
        searchedAt: chinaDateTime(new Date(row.searched_at)),
        userName: row.user_name,
        sourceName: row.source_name,
        query: row.query,
        wordsText: row.words.join(' / '),
        resultCount: row.result_count,
        matchMode: row.match_mode ?? '',
        targetName: row.target_name ?? '',
        targetPath: row.target_path ?? '',
      })),
      total: count(total.rows[0]?.n),
    };
  }
}
