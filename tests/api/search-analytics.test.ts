/**
 * 搜索监控 and 词库分析 (module search-analytics) over the portal's search log and lexicon (src/server/search):
 * every search is recorded with its result count, wherever it runs (the browser's app searches through
 * POST /api/search/record, the knowledge library, an archives list searched by text); the monitor counts them within
 * the caller's company; the dictionary and synonyms are seeded once from the knowledge module's files, kept by
 * administrators only, and the knowledge search cuts and widens with a change at once.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/accounts/passwords.js';
import { caller, useCallers, type Caller } from './admin-helpers.js';
import { addOutsiderProject } from './outsider-project.js';
import { forgetOldSearches, SEARCH_LOG_RETENTION_JOB } from '../../src/server/search/plugin.js';
import { DAY, useTestApp } from './test-app.js';

const PROJECT = 'project-binjiang';
const RECORD = '/api/search/record';
const MONITOR = '/api/search-analytics/v1.0/monitor';
const RECORDS = '/api/search-analytics/v1.0/records';
const LEXICON = '/api/search-analytics/v1.0/lexicon';

interface LogRow {
  user_id: string;
  company_id: string;
  project_id: string | null;
  source: string;
  source_name: string;
  query: string;
  words: string[];
  result_count: number;
  match_mode: string | null;
  target_path: string | null;
  target_name: string | null;
}
interface Monitor {
  figures: { searches: number; searchers: number; nothingFound: number; followed: number };
  daily: { name: string; value: number; series: string }[];
  sources: { name: string; value: number }[];
  top: { query: string; searches: number }[];
  nothing: { query: string; sources: string }[];
  targets: { name: string; path: string; visits: number; queries: string }[];
}
interface Word {
  id: string;
  word: string;
  frequency: number;
  tag: string;
}
interface Group {
  id: string;
  words: string[];
  wordsText: string;
}

const t = useTestApp();
const who = useCallers(t);
let outsider: Caller;

const logOf = async (where: ReturnType<typeof sql>) =>
  (
    await sql<LogRow>`select user_id, company_id, project_id, source, source_name, query, words, result_count,
      match_mode, target_path, target_name from search_log where ${where} order by searched_at`.execute(t.db)
  ).rows;

async function ok<T>(by: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) {
  const answer = await by.call<T>(method, url, body);
  expect(answer.msgCode, answer.errMsg).toBe(0);
  return answer.data as T;
}

beforeAll(async () => {
  await addOutsiderProject(t.db);
  await t.db
    .insertInto('sys_user')
    .values({
      id: 'user-search-outsider',
      login_name: 'user-search-outsider',
      name: '外单位用户',
      company_id: 'office-outsider',
      office_id: 'office-pd-outsider',
      password_hash: await hashPassword('Viewer@2026'),
    })
    .execute();
  await t.db
    .insertInto('sys_user_role')
    .values({ user_id: 'user-search-outsider', role_id: 'role-company-manager' })
    .execute();
  const session = await t.app.services.sessions.start('user-search-outsider');
  outsider = caller(t.app, t.app.services.accessTokens.issue('user-search-outsider', session.familyId));
});

describe('every search is recorded with its result count', () => {
  it("records the browser's app searches, and the page opened from one, for the searcher only", async () => {
    const { id } = await ok<{ id: string }>(who.staff, 'POST', RECORD, {
      source: 'menu',
      query: '  劳务  实名 ',
      resultCount: 3,
      projectId: PROJECT,
    });
    expect(id).not.toBe('');
    // Someone else cannot say where the staff's search led.
    expect((await who.manager.call('POST', `${RECORD}/${id}/target`, { path: '/x', name: 'x' })).msgCode).toBe(-404);
    await ok(who.staff, 'POST', `${RECORD}/${id}/target`, { path: '/lag/worker', name: '人员管理' });
    await ok(who.staff, 'POST', RECORD, { source: 'app-center', query: '没有这个应用', resultCount: 0 });
    // Opened before the search settled: recorded at once with its page.
    await ok(who.staff, 'POST', RECORD, {
      source: 'app-center',
      query: '思维',
      resultCount: 1,
      target: { path: '/mindMap/index', name: '思维导图' },
    });
    const rows = await logOf(sql`user_id = 'user-staff' and source in ('menu', 'app-center')`);
    expect(rows).toEqual([
      expect.objectContaining({
        company_id: 'office-company',
        project_id: PROJECT,
        source_name: '侧边菜单',
        query: '劳务 实名',
        result_count: 3,
        target_path: '/lag/worker',
        target_name: '人员管理',
        match_mode: null,
      }),
      expect.objectContaining({ source_name: '应用中心', query: '没有这个应用', result_count: 0, target_path: null }),
      expect.objectContaining({ query: '思维', target_path: '/mindMap/index' }),
    ]);
  });

  it('refuses a malformed record with a Chinese message, and needs a login', async () => {
    expect(await who.staff.call('POST', RECORD, { source: 'elsewhere', query: 'x', resultCount: 1 })).toMatchObject({
      msgCode: -400,
      errMsg: '搜索来源不正确',
    });
    expect(await who.staff.call('POST', RECORD, { source: 'menu', query: '   ', resultCount: 1 })).toMatchObject({
      msgCode: -400,
      errMsg: '请输入搜索内容',
    });
    expect(await who.staff.call('POST', RECORD, { source: 'menu', query: 'x', resultCount: -1 })).toMatchObject({
      msgCode: -400,
      errMsg: '结果数量须为不小于0的整数',
    });
    expect((await who.none.call('POST', RECORD, { source: 'menu', query: 'x', resultCount: 1 })).msgCode).toBe(-401);
  });

  it('records a knowledge search (its first page) with its words, and a text search of the archives', async () => {
    await ok(who.staff, 'GET', `/api/knowledge/v1.0/articles?q=${encodeURIComponent('塔吊附着')}`);
    await ok(who.staff, 'GET', `/api/knowledge/v1.0/articles?q=${encodeURIComponent('塔吊附着')}&pageNo=2`);
    await ok(who.staff, 'GET', `/api/knowledge/v1.0/articles?q=${encodeURIComponent('量子纠缠')}`);
    const knowledge = await logOf(sql`source = 'knowledge'`);
    expect(knowledge).toHaveLength(2);
    expect(knowledge[0]).toMatchObject({ source_name: '知识库', words: ['塔吊', '附着'], match_mode: 'all' });
    expect(knowledge[0].result_count).toBeGreaterThan(0);
    expect(knowledge[1]).toMatchObject({ query: '量子纠缠', result_count: 0, match_mode: 'none' });

    const list = (query: string) => `/api/data/archive-file?projectId=${PROJECT}&pageSize=5&${query}`;
    const page = await ok<{ total: number }>(who.staff, 'GET', list(`title=${encodeURIComponent('施工')}`));
    await ok(who.staff, 'GET', list(`title=${encodeURIComponent('施工')}&pageNo=2`));
    await ok(who.staff, 'GET', list('category=shigong'));
    const archives = await logOf(sql`source = 'archive-file'`);
    expect(archives).toEqual([
      expect.objectContaining({
        source_name: '电子档案',
        query: '施工',
        project_id: PROJECT,
        result_count: page.total,
      }),
    ]);
  });
});

describe('搜索监控', () => {
  it("counts the searches of the caller's company: top, nothing found, sources, trend and pages opened", async () => {
    await ok(outsider, 'POST', RECORD, { source: 'menu', query: '外单位的搜索', resultCount: 0 });
    const staffView = await ok<Monitor>(who.staff, 'GET', `${MONITOR}?days=7`);
    expect(staffView.figures).toMatchObject({ searches: 6, searchers: 1, followed: 2 });
    expect(staffView.figures.nothingFound).toBe(2);
    expect(staffView.daily).toHaveLength(14);
    expect(staffView.daily.filter((row) => row.series === '搜索次数').reduce((sum, row) => sum + row.value, 0)).toBe(6);
    expect(staffView.sources.map((row) => row.name).sort()).toEqual(
      ['侧边菜单', '应用中心', '电子档案', '知识库'].sort(),
    );
    expect(staffView.top.map((row) => row.query)).toContain('塔吊附着');
    expect(staffView.nothing.map((row) => row.query).sort()).toEqual(['没有这个应用', '量子纠缠']);
    expect(staffView.nothing.map((row) => row.query)).not.toContain('外单位的搜索');
    expect(staffView.targets.map((row) => row.name).sort()).toEqual(['人员管理', '思维导图']);

    // Another company sees its own; the administrator everyone's.
    expect((await ok<Monitor>(outsider, 'GET', MONITOR)).figures.searches).toBe(1);
    expect((await ok<Monitor>(who.admin, 'GET', MONITOR)).figures.searches).toBe(7);
    expect(await who.staff.call('GET', `${MONITOR}?days=0`)).toMatchObject({
      msgCode: -400,
      errMsg: '统计天数须为 1 到 366 之间的整数',
    });
  });

  it('lists the searches, filtered by text and by result', async () => {
    const none = await ok<{ dataList: { query: string; sourceName: string }[]; total: number }>(
      who.staff,
      'GET',
      `${RECORDS}?result=none`,
    );
    expect(none.dataList.map((row) => row.query).sort()).toEqual(['没有这个应用', '量子纠缠']);
    const text = await ok<{ dataList: { query: string; wordsText: string }[] }>(
      who.staff,
      'GET',
      `${RECORDS}?query=${encodeURIComponent('塔吊')}`,
    );
    expect(text.dataList).toEqual([expect.objectContaining({ query: '塔吊附着', wordsText: '塔吊 / 附着' })]);
    expect(await who.staff.call('GET', `${RECORDS}?dateFrom=2026-02-30`)).toMatchObject({
      msgCode: -400,
      errMsg: '日期格式不正确',
    });
  });
});

describe('词库分析', () => {
  it('is seeded once from the knowledge dictionary files', async () => {
    const words = await ok<{ total: number }>(who.staff, 'GET', `${LEXICON}/words?pageSize=1`);
    expect(words.total).toBeGreaterThanOrEqual(150);
    const groups = await ok<{ dataList: Group[] }>(
      who.staff,
      'GET',
      `${LEXICON}/synonyms?word=${encodeURIComponent('塔吊')}`,
    );
    expect(groups.dataList.map((group) => group.words)).toEqual([['塔式起重机', '塔吊', '塔机']]);
    expect(await t.app.services.search.lexicon.seedOnce('knowledge-dictionary', { words: [], synonyms: [] })).toBe(
      false,
    );
  });

  it('shows the words queries were cut into, beside the dictionary', async () => {
    const analysis = await ok<{
      figures: { segmentedSearches: number; expandedSearches: number };
      words: { word: string; searches: number; inDictionary: string; synonyms: string }[];
    }>(who.staff, 'GET', `${LEXICON}/analysis`);
    expect(analysis.figures).toMatchObject({ segmentedSearches: 2, expandedSearches: 1 });
    expect(analysis.words.find((row) => row.word === '塔吊')).toMatchObject({
      searches: 1,
      inDictionary: '否',
      synonyms: '塔式起重机、塔机',
    });
  });

  it('is kept by administrators only, with the form messages', async () => {
    const word = { word: '智慧巡检仪', frequency: 3000, tag: 'n' };
    expect((await who.manager.call('POST', `${LEXICON}/words`, word)).msgCode).toBe(-403);
    expect(await who.admin.call('POST', `${LEXICON}/words`, { ...word, word: '巡检 仪' })).toMatchObject({
      msgCode: -400,
      errMsg: '词语为1到20个字，不能含空格或标点',
    });
    expect(await who.admin.call('POST', `${LEXICON}/words`, { ...word, tag: 'zz' })).toMatchObject({
      msgCode: -400,
      errMsg: '请选择词性',
    });
    expect(await who.admin.call('POST', `${LEXICON}/words`, { ...word, word: '塔式起重机' })).toMatchObject({
      msgCode: -409,
      errMsg: '该词已在词典中',
    });
    expect(await who.admin.call('POST', `${LEXICON}/synonyms`, { wordsText: '塔吊、起重塔' })).toMatchObject({
      msgCode: -409,
      errMsg: '“塔吊”已在另一个同义词组中',
    });
    expect(await who.admin.call('POST', `${LEXICON}/synonyms`, { wordsText: '单独一个词' })).toMatchObject({
      msgCode: -400,
      errMsg: '请输入至少两个词，用空格或顿号分隔',
    });
  });

  it('a new word and synonym group are used by the knowledge search at once', async () => {
    const segment = async (text: string) =>
      ok<{ words: string[]; query: { expanded: string[] } }>(
        who.staff,
        'GET',
        `/api/knowledge/v1.0/segment?text=${encodeURIComponent(text)}`,
      );
    expect((await segment('智慧巡检仪')).words).not.toContain('智慧巡检仪');
    const added = await ok<Word>(who.admin, 'POST', `${LEXICON}/words`, {
      word: '智慧巡检仪',
      frequency: 5000,
      tag: 'nz',
    });
    expect((await segment('智慧巡检仪')).words).toEqual(['智慧巡检仪']);
    const group = await ok<Group>(who.admin, 'POST', `${LEXICON}/synonyms`, { wordsText: '智慧巡检仪 巡检机器人' });
    expect(group.wordsText).toBe('智慧巡检仪、巡检机器人');
    expect((await segment('智慧巡检仪')).query.expanded).toEqual(['巡检机器人']);

    // Edited and deleted: the segmenter follows.
    await ok(who.admin, 'PUT', `${LEXICON}/words/${added.id}`, { word: '智慧巡检仪', frequency: 8000, tag: 'n' });
    expect((await ok<Word>(who.staff, 'GET', `${LEXICON}/words/${added.id}`)).frequency).toBe(8000);
    await ok(who.admin, 'DELETE', `${LEXICON}/synonyms/${group.id}`);
    expect((await segment('智慧巡检仪')).query.expanded).toEqual([]);
    await ok(who.admin, 'DELETE', `${LEXICON}/words/${added.id}`);
    expect((await who.admin.call('DELETE', `${LEXICON}/words/${added.id}`)).msgCode).toBe(-404);
    expect((await segment('智慧巡检仪')).words).not.toContain('智慧巡检仪');
  });

  it('a new word indexes again, by one background job, the articles written before it', async () => {
    const made = await who.manager.call<{ id: string }>('POST', '/api/data/knowledge-article', {
      projectId: PROJECT,
      title: '塔机防碰撞仪安装要点',
      category: 'method',
      summary: '群塔作业前安装塔机防碰撞仪。',
      body: '<p>塔机防碰撞仪应在群塔作业前安装调试。</p>',
    });
    expect(made.msgCode, made.errMsg).toBe(0);
    const indexWords = async () =>
      (
        await sql<{ words: string }>`select doc::text as words from knowledge_search_index
          where article_id = ${made.data!.id}`.execute(t.db)
      ).rows[0]?.words ?? '';
    expect(await indexWords()).not.toContain("'塔机防碰撞仪'");
    const before = new Date();
    await ok(who.admin, 'POST', `${LEXICON}/words`, { word: '塔机防碰撞仪', frequency: 5000, tag: 'nz' });
    await expect.poll(indexWords, { timeout: 20_000 }).toContain("'塔机防碰撞仪'");
    const runs = await sql<{ count: number }>`select count(*)::int as count from pgboss.job
      where name = 'knowledge-reindex' and created_on >= ${before}`.execute(t.db);
    expect(runs.rows[0]!.count).toBe(1);
  });
});

describe('where a search led', () => {
  it('the knowledge search and a searchable list answer the id of their record, to which the page opened is added', async () => {
    const searched = await ok<{ searchId: string; dataList: { id: string; title: string }[] }>(
      who.staff,
      'GET',
      `/api/knowledge/v1.0/articles?q=${encodeURIComponent('脚手架')}`,
    );
    expect(searched.searchId).not.toBe('');
    const article = searched.dataList[0]!;
    const path = `/knowledgeMap/index/${article.id}`;
    await ok(who.staff, 'POST', `${RECORD}/${searched.searchId}/target`, { path, name: article.title });
    const [led] = await logOf(sql`id = ${searched.searchId}`);
    expect(led).toMatchObject({ source: 'knowledge', target_path: path, target_name: article.title });
    // Turning pages is the same search: no new record, no id.
    const second = await ok<{ searchId: string }>(
      who.staff,
      'GET',
      `/api/knowledge/v1.0/articles?q=${encodeURIComponent('脚手架')}&pageNo=2`,
    );
    expect(second.searchId).toBe('');
    // Another user cannot say where someone else's search led.
    expect(
      (await who.manager.call('POST', `${RECORD}/${searched.searchId}/target`, { path: '/x', name: 'x' })).msgCode,
    ).toBe(-404);

    const list = await ok<{ searchId: string }>(
      who.staff,
      'GET',
      `/api/data/archive-file?projectId=${PROJECT}&title=${encodeURIComponent('图纸')}`,
    );
    expect(list.searchId).not.toBe('');
    expect(
      (await ok<{ searchId: string }>(who.staff, 'GET', `/api/data/archive-file?projectId=${PROJECT}`)).searchId,
    ).toBe('');
  });
});

describe('retention', () => {
  it('forgets, by a nightly job, the searches older than PORTAL_SEARCH_LOG_DAYS (730 by default)', async () => {
    expect(t.app.services.config.searchLogDays).toBe(730);
    expect(await t.app.jobs.scheduleOf(SEARCH_LOG_RETENTION_JOB)).toEqual({
      cron: '30 3 * * *',
      timeZone: 'Asia/Shanghai',
    });
    const now = new Date();
    for (const [id, age] of [
      ['search-old', 731],
      ['search-kept', 729],
    ] as const)
      await sql`insert into search_log (id, searched_at, user_id, user_name, company_id, source, source_name, query,
          words, expanded, result_count)
        values (${id}, ${new Date(now.getTime() - age * DAY)}, 'user-admin', '系统管理员', 'office-retention', 'menu',
          '侧边菜单', '旧搜索', '[]'::jsonb, '[]'::jsonb, 1)`.execute(t.db);
    expect(await forgetOldSearches(t.db, 730, now)).toBe(1);
    const left = await sql<{ id: string }>`select id from search_log where company_id = 'office-retention'`.execute(
      t.db,
    );
    expect(left.rows.map((row) => row.id)).toEqual(['search-kept']);
  });
});
