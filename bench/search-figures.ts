/**
 * Knowledge search on PostgreSQL, on a running server with the demo data: 100,000 articles written straight into
 * the knowledge module's tables (set-based, a few seconds: titles and bodies drawn from the construction dictionary
 * and the common words of the trade, each article's search index row made the way the module makes it: a 'simple'
 * tsvector of the words, the title weighted A and the body D), then searches through the API as the library's list
 * makes them (GET /api/knowledge/v1.0/articles?q=, first page of 10): a word in most articles, words of middling and
 * of rare use, two words, a colloquial synonym (塔吊), a code of a standard and a word no article holds; p50/p95 of
 * 200 of them (budget p95 < 100 ms).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import pg from 'pg';
import { loginForToken } from './api-rate';
import type { MeasuredProcess } from './process';
import type { ServerFigure } from './server-figures';
import { median, quantile, timeOne } from './measure';

const ARTICLES = 100_000;
const PROJECT = 'project-binjiang';
const TITLE_WORDS = 5;
const BODY_WORDS = 60;
const RUNS = 200;

/** Words of the trade: the construction dictionary, then common words of site documents. */
function vocabulary(): string[] {
  const dictionary = readFileSync(
    path.join(import.meta.dirname, '../modules/knowledge/dictionary/construction.dict.txt'),
    'utf8',
  )
    .split('\n')
    .map((line) => line.trim().split(/\s+/)[0])
    .filter((word) => word && !word.startsWith('#'));
  const common = [
    '施工',
    '安全',
    '检查',
    '现场',
    '质量',
    '管理',
    '要求',
    '措施',
    '作业',
    '人员',
    '工程',
    '项目',
    '验收',
    '材料',
    '设备',
    '技术',
    '方案',
    '规定',
    '责任',
    '记录',
    '整改',
    '隐患',
    '培训',
    '监理',
    '单位',
    '图纸',
    '标准',
    '规范',
    '设计',
    '计划',
    '进度',
    '控制',
    '防护',
    '检测',
    '维护',
    '使用',
    '安装',
    '拆除',
    '操作',
    '交底',
  ];
  // The common words first: articles are drawn with a skew towards the start of the list (a few words are everywhere).
  return [...new Set([...common, ...dictionary])];
}

/** The index rows need the segmenter's version, or the next start would reindex every bench article. */
async function addArticles(database: pg.ClientConfig): Promise<number> {
  const direct = new pg.Client(database);
  await direct.connect();
  try {
    const words = vocabulary();
    const version = (await direct.query<{ lexicon: string }>('select lexicon from knowledge_search_index limit 1'))
      .rows[0]?.lexicon;
    if (!version) throw new Error('the demo articles are not indexed: no dictionary version to write');
    const started = performance.now();
    await direct.query('select setseed(0.42)');
    // Word k of article g: the vocabulary skewed towards its start (power 2), the same draw for title and body.
    await direct.query(
      `create temporary table bench_article as
       select g, array_to_string(array(select v[1 + floor(cardinality(v) * power(random(), 2))::int]
                from generate_series(1, ${TITLE_WORDS}) k where g > 0), ' ') as title,
              array_to_string(array(select v[1 + floor(cardinality(v) * power(random(), 2))::int]
                from generate_series(1, ${BODY_WORDS}) k where g > 0), ' ') as body
       from generate_series(1, ${ARTICLES}) g, (select $1::text[] as v) vocabulary`,
      [words],
    );
    await direct.query(
      `insert into c_knowledge_article (id, project_id, created_by, created_at, updated_at, title, category, tags,
         standards, summary, body)
       select 'bench-article-' || g, $1, (select id from sys_user where login_name = 'admin'),
         now() - interval '1 minute' * g, now() - interval '1 minute' * g,
         replace(title, ' ', ''), (array['standard','method','briefing','accident'])[1 + g % 4], '[]'::jsonb,
         '[]'::jsonb, null, '<p>' || replace(body, ' ', '') || '</p>'
       from bench_article`,
      [PROJECT],
    );
    await direct.query(
      `insert into knowledge_search_index (article_id, project_id, doc, plain, lexicon, indexed_at, updated_at)
       select a.id, $1,
         setweight(to_tsvector('simple', b.title), 'A') || setweight(to_tsvector('simple', b.body), 'D'),
         replace(b.body, ' ', ''), $2, now(), a.updated_at
       from bench_article b join c_knowledge_article a on a.id = 'bench-article-' || b.g`,
      [PROJECT, version],
    );
    // What autovacuum does soon after such a bulk insert: statistics, and the visibility map index-only scans need.
    await direct.query('vacuum analyze c_knowledge_article');
    await direct.query('vacuum analyze knowledge_search_index');
    return performance.now() - started;
  } finally {
    await direct.end();
  }
}

/** The searches measured, and how many articles each finds. */
const QUERIES = [
  { label: 'common word', q: '施工' },
  { label: 'middling word', q: '塔式起重机' },
  { label: 'rare word', q: '泥浆护壁' },
  { label: 'two words', q: '脚手架 验收' },
  { label: 'synonym', q: '塔吊' },
  { label: 'nothing found', q: '量子纠缠' },
];

export async function measureSearchFigures(
  server: MeasuredProcess,
  database: pg.ClientConfig,
  figures: ServerFigure[],
): Promise<void> {
  const writeMs = await addArticles(database);
  console.log(
    `  knowledge search: ${ARTICLES.toLocaleString('en')} articles written and indexed in ${(writeMs / 1000).toFixed(1)} s`,
  );
  const token = await loginForToken(server.origin);
  const headers = { 'access-token': token, 'accept-encoding': 'gzip, deflate, br' };
  const url = (q: string) =>
    `${server.origin}/api/knowledge/v1.0/articles?pageNo=1&pageSize=10&q=${encodeURIComponent(q)}`;
  const alone: string[] = [];
  for (const { label, q } of QUERIES) {
    const first = await timeOne(url(q), { headers });
    const answer = (await (await fetch(url(q), { headers })).json()) as { data: { total: number } };
    alone.push(`${label} ${q} (${answer.data.total.toLocaleString('en')} found): ${first.toFixed(0)} ms`);
  }
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await timeOne(url(QUERIES[i % QUERIES.length].q), { headers }));
  const p50 = median(times);
  const p95 = quantile(times, 0.95);
  console.log(`  knowledge search alone (first call): ${alone.join('; ')}`);
  console.log(
    `  knowledge search, ${RUNS} searches: median ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ` +
      `${Math.max(...times).toFixed(1)} ms (the machine's load: ${os.loadavg()[0].toFixed(1)})`,
  );
  figures.push({
    label: 'knowledge search p95, 100k articles (PostgreSQL)',
    value: `${p95.toFixed(1)} ms (p50 ${p50.toFixed(1)} ms)`,
    budget: '< 100 ms',
    met: p95 < 100,
  });
}
