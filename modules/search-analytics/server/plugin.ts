/**
 * 搜索分析 (module search-analytics): 搜索监控 and 词库分析. It owns no table: the searches are the portal's search
 * log (every search, recorded by the core and by the modules that search), the dictionary and synonyms the portal's
 * search lexicon (app.services.search.lexicon), whose writes rebuild the segmenters that use them at once.
 *
 *   GET  /api/search-analytics/v1.0/monitor?days&to            搜索概览: figures, trend, sources, top, nothing, targets
 *   GET  /api/search-analytics/v1.0/records?query&result&dateFrom&dateTo&pageNo&pageSize   搜索记录
 *   GET  /api/search-analytics/v1.0/lexicon/analysis?days&to   分词统计: the words queries were cut into
 *   GET|POST /api/search-analytics/v1.0/lexicon/words, GET|PUT|DELETE …/words/{id}        自定义词典
 *   GET|POST /api/search-analytics/v1.0/lexicon/synonyms, GET|PUT|DELETE …/synonyms/{id}  同义词
 */
import type { FastifyRequest } from 'fastify';
import {
  ApiError,
  chinaDate,
  type DataScope,
  envelope,
  type ModulePlugin,
  MsgCode,
  ok,
  requireAuth,
  type Schema,
  security,
} from '../../../src/server/module-api.js';
import { lexiconRoutes } from './lexicon-routes.js';
import { LEXICON_VIEW, MONITOR_VIEW } from './permissions.js';
import { type DayRange, plusDays, type RecordFilter, SearchFigures } from './search-figures.js';

/** The longest range one call counts: a year of the log. */
const MAX_DAYS = 366;
const DEFAULT_DAYS = 30;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const RangeMessages = {
  days: `统计天数须为 1 到 ${MAX_DAYS} 之间的整数`,
  to: '请选择正确的截止日期',
  future: '截止日期不能晚于今天',
  date: '日期格式不正确',
} as const;

/** A real calendar day (not 2026-02-30). */
function isDay(value: string): boolean {
  if (!DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

const invalid = (field: string, message: string) =>
  new ApiError(MsgCode.invalidInput, message, { errors: [{ field, message }] });

const text = { type: 'string' } as const;
const count = { type: 'integer' } as const;
const number = { type: 'number' } as const;
const rows = (properties: Record<string, Schema>): Schema => ({
  type: 'array',
  items: { type: 'object', properties },
});
const chartRows = rows({ name: text, value: number, series: text });
const rangeSchema: Schema = { type: 'object', properties: { from: text, to: text } };
const rangeQuery: Schema = {
  type: 'object',
  properties: { days: { type: 'string', maxLength: 4 }, to: { type: 'string', maxLength: 10 } },
};

interface RangeQuery {
  days?: string;
  to?: string;
}

const searchAnalytics: ModulePlugin = async (app, { module }) => {
  const { db, config, portal, forms } = app.services;
  const figures = new SearchFigures(db);
  for (const id of ['search-lexicon-word', 'search-lexicon-synonym']) {
    const form = module.forms.find((each) => each.id === id);
    if (!form) throw new Error(`modules/search-analytics: the form ${id} is missing`);
    // The API checks the very rules and Chinese messages the screen's form does.
    forms.add(form);
  }

  const scopeOf = async (request: FastifyRequest): Promise<DataScope> =>
    portal.projects.scopeOf(requireAuth(request).view.user.id);

  /** The range of a call: `days` China days ending with `to` (default: the last 30 days up to today). */
  const rangeOf = ({ days: daysText, to: toText }: RangeQuery): DayRange => {
    const today = chinaDate(config.now());
    const days = daysText === undefined || daysText === '' ? DEFAULT_DAYS : Number(daysText);
    if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS) throw invalid('days', RangeMessages.days);
    const to = toText === undefined || toText === '' ? today : toText;
    if (!isDay(to)) throw invalid('to', RangeMessages.to);
    if (to > today) throw invalid('to', RangeMessages.future);
    return { from: plusDays(to, 1 - days), to };
  };

  app.get<{ Querystring: RangeQuery }>(
    '/api/search-analytics/v1.0/monitor',
    {
      config: { auth: 'user', permission: MONITOR_VIEW },
      schema: {
        tags: ['search-analytics'],
        summary: '搜索概览: the searches of a range of days',
        description:
          'The `days` (default 30, at most 366) China days ending with `to` (default today). figures {searches, ' +
          'searchers, nothingFound (searches that found nothing: 未查询到功能), nothingFoundRate (%), followed (searches ' +
          'after which a page was opened), distinctQueries}; daily: rows {name: day, value, series 搜索次数|未查询到结果} ' +
          'for every day; sources: searches per source; top: the most searched queries; nothing: the most searched ' +
          'queries that found nothing; targets: the pages opened from searches. Counts only the searches of people ' +
          'the caller may see (all for an administrator, else their company).',
        security,
        querystring: rangeQuery,
        response: {
          200: envelope({
            data: {
              type: 'object',
              properties: {
                range: rangeSchema,
                figures: {
                  type: 'object',
                  properties: {
                    searches: count,
                    searchers: count,
                    nothingFound: count,
                    nothingFoundRate: number,
                    followed: count,
                    distinctQueries: count,
                  },
                },
                daily: chartRows,
                sources: chartRows,
                top: rows({ rank: count, query: text, searches: count, users: count, averageResults: number }),
                nothing: rows({ rank: count, query: text, sources: text, searches: count, lastSearched: text }),
                targets: rows({ rank: count, name: text, path: text, visits: count, users: count, queries: text }),
              },
            },
          }),
        },
      },
    },
    async (request) => ok('', await figures.monitor(await scopeOf(request), rangeOf(request.query))),
  );

  app.get<{ Querystring: RecordFilter & { pageNo: number; pageSize: number } }>(
    '/api/search-analytics/v1.0/records',
    {
      config: { auth: 'user', permission: MONITOR_VIEW },
      schema: {
        tags: ['search-analytics'],
        summary: '搜索记录: the searches themselves, newest first',
        description:
          '`query`: part of the text searched; `result`: `found` or `none` (未查询到结果); `dateFrom`, `dateTo`: China ' +
          'days, inclusive. Only the searches of people the caller may see.',
        security,
        querystring: {
          type: 'object',
          properties: {
            query: { type: 'string', maxLength: 100, errorMessage: { maxLength: '搜索内容不能超过100个字' } },
            result: { type: 'string', enum: ['found', 'none', ''] },
            dateFrom: { type: 'string', maxLength: 10 },
            dateTo: { type: 'string', maxLength: 10 },
            pageNo: { type: 'integer', minimum: 1, default: 1, errorMessage: { minimum: '页码必须是正整数' } },
            pageSize: {
              type: 'integer',
              minimum: 1,
              maximum: 500,
              default: 10,
              errorMessage: { minimum: '每页条数必须是正整数', maximum: '每页条数不能超过500' },
            },
          },
        },
        response: {
          200: envelope({
            data: {
              type: 'object',
              properties: {
                dataList: rows({
                  id: text,
                  searchedAt: text,
                  userName: text,
                  sourceName: text,
                  query: text,
                  wordsText: text,
                  resultCount: count,
                  matchMode: text,
                  targetName: text,
                  targetPath: text,
                }),
                total: count,
              },
            },
          }),
        },
      },
    },
    async (request) => {
      const { pageNo, pageSize, query, result, dateFrom, dateTo } = request.query;
      for (const [field, value] of [
        ['dateFrom', dateFrom],
        ['dateTo', dateTo],
      ] as const)
        if (value && !isDay(value)) throw invalid(field, RangeMessages.date);
      const filter: RecordFilter = {
        query: query || undefined,
        result: result || undefined,
        dateFrom: dateFrom || undefined,
        dateTo: dateTo || undefined,
      };
      return ok('', await figures.records(await scopeOf(request), filter, pageNo, pageSize));
    },
  );

  app.get<{ Querystring: RangeQuery }>(
    '/api/search-analytics/v1.0/lexicon/analysis',
    {
      config: { auth: 'user', permission: LEXICON_VIEW },
      schema: {
        tags: ['search-analytics'],
        summary: '分词统计: the words the searches of a range of days were cut into',
        description:
          'Range as for the monitor. figures {segmentedSearches (searches cut into words: the knowledge library), ' +
          'distinctWords, expandedSearches (widened by synonyms), nothingFoundWords (words of searches that found ' +
          'nothing), dictionaryWords, synonymGroups}; chart: the most searched words; words: per word its searches, ' +
          'its searches that found nothing, whether the custom dictionary holds it (是/否) and its synonyms.',
        security,
        querystring: rangeQuery,
        response: {
          200: envelope({
            data: {
              type: 'object',
              properties: {
                range: rangeSchema,
                figures: {
                  type: 'object',
                  properties: {
                    segmentedSearches: count,
                    distinctWords: count,
                    expandedSearches: count,
                    nothingFoundWords: count,
                    dictionaryWords: count,
                    synonymGroups: count,
                  },
                },
                chart: chartRows,
                words: rows({
                  word: text,
                  searches: count,
                  nothingFound: count,
                  inDictionary: text,
                  synonyms: text,
                }),
              },
            },
          }),
        },
      },
    },
    async (request) => ok('', await figures.lexicon(await scopeOf(request), rangeOf(request.query))),
  );

  await lexiconRoutes(app, app.services.search.lexicon);
};

export default searchAnalytics;
