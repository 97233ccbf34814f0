/**
 * The knowledge module's calls, under /api/knowledge/v1.0 (the articles themselves are written through the
 * collection's own /api/data/knowledge-article):
 * - articles: the library's list and its search (q: words, segmented; category, tag, standard: filters);
 * - articles/{id}/related: the articles sharing a tag or a cited standard with one (its detail page);
 * - graph: articles, tags and standards for the knowledge graph;
 * - segment: how a text is cut and which synonyms a query adds (to check the dictionary).
 * Every call reads the articles of the projects the caller may see: their company's (everything for an
 * administrator), the one data-scope rule of the collections.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  type CollectionRecords,
  type Db,
  envelope,
  idParams,
  ok,
  type RecordAccess,
  requireAuth,
  type Schema,
  type SearchLexicon,
  security,
} from '../../../src/server/module-api.js';
import type { ArticleIndex } from './article-index.js';
import { CATEGORIES, CATEGORY_LABELS } from './categories.js';
import { knowledgeGraph } from './graph.js';
import type { ArticleSearch } from './search.js';
import { cleanText, type Segmenter } from './segmenter.js';
import { snippet } from './snippet.js';

const VIEW = 'knowledge:article:view';
const GRAPH_LIMIT = 300;
const RELATED_LIMIT = 8;

const text = { type: 'string' } as const;
const words = { type: 'array', items: text } as const;

const articleRow: Schema = {
  type: 'object',
  properties: {
    id: text,
    projectId: text,
    projectName: text,
    title: text,
    category: text,
    categoryLabel: text,
    tags: words,
    standards: words,
    tagsText: text,
    standardsText: text,
    summary: text,
    snippet: { type: 'string', description: 'HTML: the text around the first word found, escaped, words in <mark>' },
    rank: { type: 'number' },
    createdByName: text,
    createdAt: text,
    updatedAt: text,
    version: { type: 'integer' },
  },
};

const categoryParam: Schema = { type: 'string', enum: ['', ...CATEGORIES], errorMessage: { enum: '分类不正确' } };

const searchQuery: Schema = {
  type: 'object',
  properties: {
    q: { type: 'string', maxLength: 100, errorMessage: { maxLength: '检索词不能超过100个字' } },
    category: categoryParam,
    tag: { type: 'string', maxLength: 20, errorMessage: { maxLength: '标签不能超过20个字' } },
    standard: { type: 'string', maxLength: 30, errorMessage: { maxLength: '标准编号不能超过30个字符' } },
    pageNo: {
      type: 'integer',
      minimum: 1,
      default: 1,
      errorMessage: { type: '页码必须是正整数', minimum: '页码必须是正整数' },
    },
    pageSize: {
      type: 'integer',
      minimum: 1,
      maximum: 50,
      default: 10,
      errorMessage: {
        type: '每页条数必须是1到50的整数',
        minimum: '每页条数必须是1到50的整数',
        maximum: '每页条数必须是1到50的整数',
      },
    },
  },
};

interface SearchQuery {
  q?: string;
  category?: string;
  tag?: string;
  standard?: string;
  pageNo: number;
  pageSize: number;
}

export interface RouteDeps {
  articles: CollectionRecords;
  index: ArticleIndex;
  search: ArticleSearch;
  segmenter: Segmenter;
  /** The search dictionary: refreshed before a search, so another instance's change is used here too. */
  lexicon: SearchLexicon;
  access: RecordAccess;
  db: Db;
}

export async function knowledgeRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { articles, index, search, segmenter, lexicon, access, db } = deps;
  const { projects } = app.services.portal;

  /** The projects whose articles the caller reads, by id with their names, and who the caller is. */
  const readable = async (request: FastifyRequest) => {
    const { user } = requireAuth(request).view;
    const scope = await projects.scopeOf(user.id);
    const { dataList } = await projects.list(scope, [], { pageNum: 1, limit: 10_000 });
    const names = new Map(dataList.map((project) => [project.ID, project.PROJECT_NAME]));
    return { user, names };
  };

  app.get<{ Querystring: SearchQuery }>(
    '/api/knowledge/v1.0/articles',
    {
      config: { auth: 'user', permission: VIEW, title: '检索知识' },
      schema: {
        tags: ['knowledge'],
        summary: 'The knowledge library: every article the caller may read, or those a search finds',
        description:
          "Without `q`: the articles of the projects the caller may see (their company's), newest first. With `q`: " +
          'the query is cut into words by the Chinese segmenter (jieba with a construction dictionary), each word ' +
          'widened by its synonyms (塔吊 = 塔式起重机), and the articles holding every word are ranked by ts_rank ' +
          '(title above tags and cited standards above summary above body); when none holds them all, those holding ' +
          'some are answered and `matchMode` is `any`. A search answers at most 1,000 articles: a query matching ' +
          'more ranks its 1,000 newest matches (`total` is then 1000). ' +
          '`snippet` is escaped HTML with the words found in <mark>. ' +
          "Each search with words (its first page) is recorded in the portal's search log for 搜索监控; `searchId` " +
          "names the record ('' when none), for the article the user opens from it (POST /api/search/record/{id}/target).",
        security,
        querystring: searchQuery,
        response: {
          200: envelope({
            data: {
              type: 'object',
              properties: {
                dataList: { type: 'array', items: articleRow },
                total: { type: 'integer' },
                pageNo: { type: 'integer' },
                pageSize: { type: 'integer' },
                words,
                expanded: words,
                matchMode: { type: 'string', enum: ['all', 'any', 'none', ''] },
                searchId: { type: 'string' },
              },
            },
          }),
        },
      },
    },
    async (request) => {
      const { category, pageNo, pageSize } = request.query;
      // What reaches the database and the search record: no control characters, no broken characters.
      const [q, tag, standard] = [request.query.q, request.query.tag, request.query.standard].map((value) =>
        value === undefined ? undefined : cleanText(value).trim(),
      );
      const { user, names } = await readable(request);
      await lexicon.refresh();
      const answer = await search.search({
        q,
        category: category || undefined,
        tag: tag || undefined,
        standard: standard || undefined,
        pageNo,
        pageSize,
        projectIds: [...names.keys()],
      });
      // A search is its first page: turning pages is the same search.
      const searchId =
        answer.analysed && pageNo === 1 ? await search.record({ id: user.id, name: user.name }, q ?? '', answer) : '';
      const terms = answer.analysed?.groups.flat() ?? [];
      // The page's articles in one read, in the order found.
      const records = new Map(
        (await articles.getMany(answer.found.map((found) => found.id))).map((record) => [String(record.id), record]),
      );
      const rows = answer.found.flatMap((found) => {
        const record = records.get(found.id);
        if (!record) return [];
        const summary = typeof record.summary === 'string' ? record.summary : '';
        const { body: _body, ...listed } = record;
        return [
          {
            ...listed,
            projectName: names.get(String(record.projectId)) ?? '',
            categoryLabel: CATEGORY_LABELS[String(record.category)] ?? '',
            // A search shows where its words are; the plain list shows the summary (or the body's start).
            snippet: terms.length > 0 ? snippet(found.plain, terms) : snippet(summary || found.plain, []),
            rank: found.rank,
          },
        ];
      });
      return ok('', {
        dataList: rows,
        total: answer.total,
        pageNo,
        pageSize,
        words: answer.analysed?.words ?? [],
        expanded: answer.analysed?.expanded ?? [],
        matchMode: answer.matchMode ?? '',
        searchId,
      });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/knowledge/v1.0/articles/:id/related',
    {
      config: { auth: 'user', permission: VIEW, title: '相关知识' },
      schema: {
        tags: ['knowledge'],
        summary: 'The articles sharing a tag or a cited standard with one',
        description: `At most ${RELATED_LIMIT}, those sharing most first; \`shared\` names what they share.`,
        security,
        params: idParams,
        response: {
          200: envelope({
            data: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  id: text,
                  title: text,
                  categoryLabel: text,
                  shared: text,
                  sharedCount: { type: 'integer' },
                },
              },
            },
          }),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      await access.checkRecord(request, articles, id);
      const { names } = await readable(request);
      const [article] = (await index.select(db, sql`t.id = ${id}`)).rows;
      const tags = new Set(article?.tags ?? []);
      const standards = new Set(article?.standards ?? []);
      if (tags.size + standards.size === 0) return ok('', []);
      const others = await index.select(db, sql`t.id <> ${id} and t.project_id in (${sql.join([...names.keys()])})`);
      const related = others.rows
        .map((other) => {
          const sharedTags = (other.tags ?? []).filter((tag) => tags.has(tag));
          const sharedStandards = (other.standards ?? []).filter((code) => standards.has(code));
          const shared = [
            ...(sharedStandards.length > 0 ? [`标准：${sharedStandards.join('、')}`] : []),
            ...(sharedTags.length > 0 ? [`标签：${sharedTags.join('、')}`] : []),
          ].join('；');
          return {
            id: other.id,
            title: other.title,
            categoryLabel: CATEGORY_LABELS[other.category] ?? '',
            shared,
            // A shared standard says more than a shared tag.
            sharedCount: sharedStandards.length * 2 + sharedTags.length,
          };
        })
        .filter((row) => row.sharedCount > 0)
        .sort((a, b) => b.sharedCount - a.sharedCount || a.title.localeCompare(b.title, 'zh-CN'))
        .slice(0, RELATED_LIMIT);
      return ok('', related);
    },
  );

  const node = {
    type: 'object',
    properties: {
      id: text,
      kind: { type: 'string', enum: ['article', 'tag', 'standard'] },
      name: text,
      detail: text,
      category: text,
      articleId: text,
      count: { type: 'integer' },
    },
  };

  app.get<{ Querystring: { category?: string } }>(
    '/api/knowledge/v1.0/graph',
    {
      config: { auth: 'user', permission: VIEW, title: '知识图谱' },
      schema: {
        tags: ['knowledge'],
        summary: 'The knowledge graph: articles, their tags and cited standards',
        description:
          `Nodes \`a:<article id>\`, \`t:<tag>\`, \`s:<standard code>\`; a link from an article to each tag and standard ` +
          `it has. Tags and standards of a single article are left out. At most ${GRAPH_LIMIT} articles, the most ` +
          'recently updated (`omitted` counts the rest); `category` keeps one kind of article.',
        security,
        querystring: {
          type: 'object',
          properties: { category: categoryParam },
        },
        response: {
          200: envelope({
            data: {
              type: 'object',
              properties: {
                nodes: { type: 'array', items: node },
                links: { type: 'array', items: { type: 'object', properties: { source: text, target: text } } },
                omitted: { type: 'integer' },
              },
            },
          }),
        },
      },
    },
    async (request) => {
      const { names } = await readable(request);
      if (names.size === 0) return ok('', knowledgeGraph([], 0));
      const category = request.query.category || undefined;
      const where = sql.join(
        [
          sql`t.project_id in (${sql.join([...names.keys()])})`,
          ...(category ? [sql`${sql.ref('t.category')} = ${category}`] : []),
        ],
        sql` and `,
      );
      const all = await index.select(db, sql`${where} order by t.updated_at desc, t.id`);
      return ok('', knowledgeGraph(all.rows.slice(0, GRAPH_LIMIT), Math.max(0, all.rows.length - GRAPH_LIMIT)));
    },
  );

  app.get<{ Querystring: { text: string } }>(
    '/api/knowledge/v1.0/segment',
    {
      config: { auth: 'user', permission: VIEW, title: '分词' },
      schema: {
        tags: ['knowledge'],
        summary: 'How the knowledge search cuts a text',
        description:
          '`words`: the text as a query is cut (stop words kept out in `query.words`); `indexWords`: as an article ' +
          'is indexed (search mode: long words and the words inside them); `query.groups`: each query word with its ' +
          'synonyms.',
        security,
        querystring: {
          type: 'object',
          required: ['text'],
          properties: {
            text: {
              type: 'string',
              minLength: 1,
              maxLength: 500,
              errorMessage: { minLength: '请输入要分词的文字', maxLength: '文字不能超过500个字' },
            },
          },
          errorMessage: { required: { text: '请输入要分词的文字' } },
        },
        response: {
          200: envelope({
            data: {
              type: 'object',
              properties: {
                words,
                indexWords: words,
                query: {
                  type: 'object',
                  properties: { words, groups: { type: 'array', items: words }, expanded: words },
                },
                lexicon: text,
              },
            },
          }),
        },
      },
    },
    async (request) => {
      const { text: input } = request.query;
      await lexicon.refresh();
      return ok('', {
        words: segmenter.words(input),
        indexWords: segmenter.indexWords(input),
        query: segmenter.analyseQuery(input),
        lexicon: segmenter.version,
      });
    },
  );
}
