/**
 * 知识库 (module knowledge): the fifty demo articles; search by segmented words (jieba with the construction
 * dictionary), synonyms and ranking on PostgreSQL full-text search (PGlite here, a PostgreSQL server with
 * DATABASE_URL); the search record; articles written through the collection (clean body, standard codes written one
 * way, indexed in the same transaction, gone from search when deleted) with their Chinese messages; related
 * articles and the graph; and the scope: a company reads its own articles, never another company's.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/accounts/passwords.js';
import { caller, useCallers, type Caller } from './admin-helpers.js';
import { addOutsiderProject, OTHER_COMPANY_PROJECT } from './outsider-project.js';
import { useTestApp } from './test-app.js';

const PROJECT = 'project-binjiang';
const ARTICLES = '/api/knowledge/v1.0/articles';

interface Row {
  id: string;
  title: string;
  category: string;
  categoryLabel: string;
  tags?: string[];
  standards?: string[];
  snippet: string;
  rank: number;
  projectName: string;
  body?: unknown;
  version: number;
}
interface Found {
  dataList: Row[];
  total: number;
  words: string[];
  expanded: string[];
  matchMode: string;
}
interface GraphNode {
  id: string;
  kind: string;
  name: string;
  detail: string;
  count: number;
}

const t = useTestApp();
const who = useCallers(t);
let outsider: Caller;

const find = async (query: Record<string, string | number>, by: Caller = who.staff) => {
  const answer = await by.call<Found>(
    'GET',
    `${ARTICLES}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
  );
  expect(answer.msgCode, answer.errMsg).toBe(0);
  return answer.data!;
};
const titles = (found: Found) => found.dataList.map((row) => row.title);

async function userOf(id: string, company: string, office: string, role: string): Promise<Caller> {
  await t.db
    .insertInto('sys_user')
    .values({
      id,
      login_name: id,
      name: id,
      company_id: company,
      office_id: office,
      password_hash: await hashPassword('Viewer@2026'),
    })
    .execute();
  await t.db.insertInto('sys_user_role').values({ user_id: id, role_id: role }).execute();
  const session = await t.app.services.sessions.start(id);
  return caller(t.app, t.app.services.accessTokens.issue(id, session.familyId));
}

beforeAll(async () => {
  await addOutsiderProject(t.db);
  outsider = await userOf('user-knowledge-outsider', 'office-outsider', 'office-pd-outsider', 'role-company-manager');
});

describe('the demo library', () => {
  it('has fifty articles of the four kinds, citing real standards, readable by everyone of the company', async () => {
    const all = await find({ pageSize: 50 });
    expect(all.total).toBe(50);
    const kinds = new Map<string, number>();
    for (const row of all.dataList) kinds.set(row.categoryLabel, (kinds.get(row.categoryLabel) ?? 0) + 1);
    expect([...kinds.keys()].sort()).toEqual(['事故案例', '安全技术交底', '工法', '规范标准'].sort());
    // The list leaves the body out and shows the summary.
    expect(all.dataList[0].body).toBeUndefined();
    expect(all.dataList.every((row) => row.snippet !== '')).toBe(true);
    const cited = new Set(all.dataList.flatMap((row) => row.standards ?? []));
    for (const code of ['GB 50204-2015', 'JGJ 59-2011', 'JGJ 130-2011', 'GB 50666-2011']) expect(cited).toContain(code);
    // Filed under three projects of the company, read from any of them.
    expect(new Set(all.dataList.map((row) => row.projectName)).size).toBe(3);
    expect((await find({ category: 'accident', pageSize: 50 })).total).toBe(10);
    expect((await find({ standard: 'JGJ 130-2011', pageSize: 50 })).dataList.map((row) => row.id)).toEqual(
      expect.arrayContaining(['knowledge-std-jgj130', 'knowledge-brief-scaffold-erection']),
    );
  });
});

describe('search', () => {
  it('cuts the query into words of the trade and finds the articles holding them all, best first', async () => {
    const found = await find({ q: '塔式起重机顶升加节' });
    expect(found.words).toEqual(['塔式起重机', '顶升加节']);
    expect(found.matchMode).toBe('all');
    expect(found.total).toBeGreaterThanOrEqual(3);
    expect(titles(found)).toEqual(
      expect.arrayContaining(['塔式起重机安装拆卸安全技术交底', '某住宅项目塔式起重机顶升过程中倒塌事故']),
    );
    // The title weighs more than the body: articles with the words in the title come first.
    expect(found.dataList[0].title).toMatch(/塔式起重机/);
    expect(found.dataList[0].rank).toBeGreaterThan(found.dataList[found.dataList.length - 1].rank);
    expect(found.dataList[0].snippet).toContain('<mark>');
  });

  it('finds by synonyms: 塔吊 finds 塔式起重机, 外架 finds 脚手架, 砼 finds 混凝土', async () => {
    const crane = await find({ q: '塔吊附着' });
    expect(crane.words).toEqual(['塔吊', '附着']);
    expect(crane.expanded).toEqual(expect.arrayContaining(['塔式起重机']));
    // JGJ 196's summary says 塔式起重机 and 附着装置, never 塔吊.
    expect(crane.dataList.map((row) => row.id)).toContain('knowledge-std-jgj196');

    const scaffold = await find({ q: '外架连墙件' });
    expect(scaffold.words).toEqual(['外架', '连墙件']);
    expect(scaffold.dataList.map((row) => row.id)).toEqual(
      expect.arrayContaining(['knowledge-std-jgj130', 'knowledge-brief-scaffold-dismantle']),
    );
    const jgj130 = scaffold.dataList.find((row) => row.id === 'knowledge-std-jgj130');
    expect(jgj130?.snippet).toMatch(/<mark>(脚手架|连墙件)<\/mark>/);

    const concrete = await find({ q: '砼养护' });
    expect(concrete.expanded).toContain('混凝土');
    expect(concrete.total).toBeGreaterThan(0);
    expect(titles(concrete).some((title) => title.includes('混凝土'))).toBe(true);
  });

  it('finds an article by the standard it cites, by code or by title', async () => {
    expect((await find({ q: 'JGJ 130-2011' })).dataList.map((row) => row.id)).toContain('knowledge-std-jgj130');
    expect((await find({ q: 'GB50204' })).dataList.map((row) => row.id)).toContain('knowledge-std-gb50204');
    const byTitle = await find({ q: '建筑施工扣件式钢管脚手架安全技术规范' });
    expect(byTitle.dataList.map((row) => row.id)).toContain('knowledge-brief-scaffold-erection');
  });

  it('falls back to articles holding some of the words, says so, and finds nothing for stop words alone', async () => {
    const some = await find({ q: '沥青路面 有限空间' });
    expect(some.matchMode).toBe('any');
    expect(some.total).toBeGreaterThan(0);
    const nothing = await find({ q: '的' });
    expect(nothing).toMatchObject({ total: 0, matchMode: 'none', words: [] });
    const unknown = await find({ q: '量子纠缠' });
    expect(unknown).toMatchObject({ total: 0, matchMode: 'none' });
    const tooLong = await who.staff.call('GET', `${ARTICLES}?q=${encodeURIComponent('塔'.repeat(101))}`);
    expect(tooLong).toMatchObject({ msgCode: -400, errMsg: '检索词不能超过100个字' });
  });

  it('records every search with its words, synonyms and result count', async () => {
    await find({ q: '塔吊的附着' });
    const log = await sql<{
      user_id: string;
      user_name: string;
      company_id: string;
      words: string[];
      expanded: string[];
      result_count: number;
      match_mode: string;
    }>`select user_id, user_name, company_id, words, expanded, result_count, match_mode
      from search_log where source = 'knowledge' and query = ${'塔吊的附着'}`.execute(t.db);
    expect(log.rows).toHaveLength(1);
    expect(log.rows[0]).toMatchObject({
      user_id: 'user-staff',
      company_id: 'office-company',
      words: ['塔吊', '附着'],
      match_mode: 'all',
    });
    expect(log.rows[0].expanded).toContain('塔式起重机');
    expect(log.rows[0].result_count).toBeGreaterThan(0);
    // A list without words is no search.
    const before = await sql<{ n: string }>`select count(*) as n from search_log where source = 'knowledge'`.execute(
      t.db,
    );
    await find({ category: 'method' });
    const after = await sql<{ n: string }>`select count(*) as n from search_log where source = 'knowledge'`.execute(
      t.db,
    );
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('shows how a text is cut', async () => {
    const cut = await who.staff.call<{ words: string[]; indexWords: string[] }>(
      'GET',
      `/api/knowledge/v1.0/segment?text=${encodeURIComponent('深基坑土方开挖与模板支撑体系')}`,
    );
    expect(cut.data?.words).toEqual(expect.arrayContaining(['深基坑', '模板支撑']));
    expect(cut.data?.indexWords).toEqual(expect.arrayContaining(['基坑', '深基坑']));
  });
});

describe('writing articles', () => {
  it('keeps the body clean, writes standard codes one way, and is found at once, after an edit and no more after delete', async () => {
    const made = await who.manager.call<Row>('POST', '/api/data/knowledge-article', {
      projectId: PROJECT,
      title: '台风季节塔吊防风加固措施',
      category: 'briefing',
      tags: ['塔吊', '防台风'],
      standards: ['JGJ196-2010'],
      summary: '台风来临前降低塔吊自由高度并松开回转制动。',
      body: '<p onclick="alert(1)">台风预警发布后，塔吊起重臂应处于自由回转状态。</p><script>alert(2)</script>',
    });
    expect(made.msgCode, made.errMsg).toBe(0);
    const id = made.data!.id;
    const stored = await who.staff.call<{ body: string; standards: string[] }>(
      'GET',
      `/api/data/knowledge-article/${id}`,
    );
    expect(stored.data?.body).toBe('<p>台风预警发布后，塔吊起重臂应处于自由回转状态。</p>');
    expect(stored.data?.standards).toEqual(['JGJ 196-2010']);

    const found = await find({ q: '台风预警发布' });
    expect(found.dataList[0].id).toBe(id);
    expect((await find({ q: '状态' })).dataList.map((row) => row.id)).toEqual([id]);

    const current = (await who.manager.call<Row & Record<string, unknown>>('GET', `/api/data/knowledge-article/${id}`))
      .data!;
    const edited = await who.manager.call('PUT', `/api/data/knowledge-article/${id}`, {
      title: current.title,
      category: current.category,
      tags: current.tags,
      standards: current.standards,
      summary: current.summary,
      body: '<p>台风来临前应将吊钩升至最高位置。</p>',
      version: current.version,
    });
    expect(edited.msgCode, edited.errMsg).toBe(0);
    // 状态 was a word of the old body only.
    const before = await find({ q: '状态' });
    expect(before).toMatchObject({ total: 0, matchMode: 'none' });
    expect((await find({ q: '吊钩升至最高' })).dataList.map((row) => row.id)).toContain(id);

    expect((await who.manager.call('DELETE', `/api/data/knowledge-article/${id}`)).msgCode).toBe(0);
    expect((await find({ q: '吊钩升至最高' })).dataList.map((row) => row.id)).not.toContain(id);
    const left = await sql<{
      n: string;
    }>`select count(*) as n from knowledge_search_index where article_id = ${id}`.execute(t.db);
    expect(Number(left.rows[0].n)).toBe(0);
  });

  it('refuses a bad article with its Chinese message', async () => {
    const post = (values: Record<string, unknown>) =>
      who.manager.call('POST', '/api/data/knowledge-article', {
        projectId: PROJECT,
        title: '测试文章',
        category: 'method',
        body: '<p>正文</p>',
        ...values,
      });
    expect(await post({ title: '' })).toMatchObject({ msgCode: -400, errMsg: '请输入标题' });
    expect(await post({ category: 'other' })).toMatchObject({ msgCode: -400, errMsg: '请选择分类' });
    expect(await post({ standards: ['50204'] })).toMatchObject({
      msgCode: -400,
      errMsg: '标准编号格式不正确，应如 GB 50204-2015、JGJ/T 104-2011',
    });
    expect(await post({ tags: Array.from({ length: 11 }, (_, i) => `标签${i}`) })).toMatchObject({
      msgCode: -400,
      errMsg: '标签最多10个',
    });
    const body = await post({ body: undefined });
    expect(body).toMatchObject({ msgCode: -400, errMsg: '请输入正文' });
  });

  it('lets only holders of knowledge:article:edit write; readers still search', async () => {
    await t.db
      .insertInto('sys_role')
      .values({
        id: 'role-knowledge-reader',
        name: '知识查阅',
        enname: 'knowledgeReader',
        office_id: 'office-company',
        data_scope: '8',
        role_type: 'user',
        del_flag: '0',
      })
      .execute();
    await t.db
      .insertInto('sys_role_menu')
      .values(
        ['knowledgeMap', 'knowledgeMap-index', 'knowledgeMap-graph'].map((menuId) => ({
          role_id: 'role-knowledge-reader',
          menu_id: menuId,
        })),
      )
      .execute();
    const reader = await userOf('user-knowledge-reader', 'office-company', 'office-company', 'role-knowledge-reader');
    expect((await find({ q: '脚手架' }, reader)).total).toBeGreaterThan(0);
    const refused = await reader.call('POST', '/api/data/knowledge-article', {
      projectId: PROJECT,
      title: '无权新建',
      category: 'method',
      body: '<p>正文</p>',
    });
    expect(refused.msgCode).toBe(-403);
    expect((await reader.call('DELETE', '/api/data/knowledge-article/knowledge-std-jgj59')).msgCode).toBe(-403);
  });
});

describe('relations', () => {
  it('lists the articles sharing a standard or a tag, those sharing a standard first', async () => {
    const related = await who.staff.call<{ id: string; shared: string }[]>(
      'GET',
      `${ARTICLES}/knowledge-std-jgj130/related`,
    );
    expect(related.msgCode, related.errMsg).toBe(0);
    const first = related.data![0];
    expect(first.shared).toContain('标准：JGJ 130-2011');
    expect(related.data!.map((row) => row.id)).toContain('knowledge-brief-scaffold-erection');
    expect(related.data!.map((row) => row.id)).not.toContain('knowledge-std-jgj130');
  });

  it('draws articles, tags and standards with the links between them', async () => {
    const graph = await who.staff.call<{ nodes: GraphNode[]; links: { source: string; target: string }[] }>(
      'GET',
      '/api/knowledge/v1.0/graph',
    );
    expect(graph.msgCode, graph.errMsg).toBe(0);
    const nodes = graph.data!.nodes;
    expect(nodes.filter((node) => node.kind === 'article')).toHaveLength(50);
    const standard = nodes.find((node) => node.id === 's:JGJ 130-2011');
    expect(standard).toMatchObject({ kind: 'standard', detail: '建筑施工扣件式钢管脚手架安全技术规范' });
    expect(standard!.count).toBeGreaterThanOrEqual(3);
    expect(nodes.find((node) => node.id === 't:塔式起重机')?.count).toBeGreaterThanOrEqual(4);
    expect(graph.data!.links).toContainEqual({ source: 'a:knowledge-std-jgj130', target: 's:JGJ 130-2011' });
    // Every link joins two nodes of the graph.
    const ids = new Set(nodes.map((node) => node.id));
    expect(graph.data!.links.every((link) => ids.has(link.source) && ids.has(link.target))).toBe(true);
    const accidents = await who.staff.call<{ nodes: GraphNode[] }>(
      'GET',
      '/api/knowledge/v1.0/graph?category=accident',
    );
    expect(accidents.data!.nodes.filter((node) => node.kind === 'article')).toHaveLength(10);
  });
});

describe('scope', () => {
  it("keeps a company's articles from another company, and the other company's from it", async () => {
    expect((await find({}, outsider)).total).toBe(0);
    expect((await find({ q: '塔吊' }, outsider)).total).toBe(0);
    expect((await outsider.call('GET', '/api/data/knowledge-article/knowledge-std-jgj59')).msgCode).toBe(-404);
    expect((await outsider.call('GET', `${ARTICLES}/knowledge-std-jgj59/related`)).msgCode).toBe(-404);
    const graph = await outsider.call<{ nodes: GraphNode[] }>('GET', '/api/knowledge/v1.0/graph');
    expect(graph.data!.nodes).toEqual([]);

    const theirs = await outsider.call<Row>('POST', '/api/data/knowledge-article', {
      projectId: OTHER_COMPANY_PROJECT,
      title: '外单位塔吊管理办法',
      category: 'standard',
      body: '<p>外单位内部的塔吊管理办法。</p>',
    });
    expect(theirs.msgCode, theirs.errMsg).toBe(0);
    expect((await find({ q: '外单位塔吊' }, outsider)).dataList.map((row) => row.id)).toEqual([theirs.data!.id]);
    expect((await find({ q: '外单位塔吊' })).dataList.map((row) => row.id)).not.toContain(theirs.data!.id);
    // An administrator sees every company's.
    expect((await find({ q: '外单位塔吊' }, who.admin)).dataList.map((row) => row.id)).toContain(theirs.data!.id);
    const log = await sql<{ company_id: string }>`select company_id from search_log
      where source = 'knowledge' and user_id = 'user-knowledge-outsider' limit 1`.execute(t.db);
    expect(log.rows[0].company_id).toBe('office-outsider');
  });

  it('needs a login and the view permission', async () => {
    expect((await who.none.call('GET', ARTICLES)).msgCode).toBe(-401);
  });
});

describe('menus', () => {
  it('opens 知识库 and 知识图谱 under 知识图谱, with the gateway tile after the IoT platform', async () => {
    const menus = await t.db
      .selectFrom('sys_menu')
      .select(['id', 'target', 'permission', 'href'])
      .where('id', 'in', ['knowledgeMap-index', 'knowledgeMap-graph', 'tile-knowledge'])
      .orderBy('id')
      .execute();
    expect(menus).toEqual([
      {
        id: 'knowledgeMap-graph',
        target: 'page/knowledge-graph',
        permission: 'knowledge:article:view',
        href: '/knowledgeMap/graph',
      },
      {
        id: 'knowledgeMap-index',
        target: 'page/knowledge-list',
        permission: 'knowledge:article:view',
        href: '/knowledgeMap/index',
      },
      expect.objectContaining({ id: 'tile-knowledge', href: '/knowledgeMap/index' }),
    ]);
    const tiles = await t.db
      .selectFrom('sys_menu')
      .select(['id'])
      .where('parent_id', '=', 'gateway')
      .where('del_flag', '=', '0')
      .orderBy('sort')
      .execute();
    const order = tiles.map((tile) => tile.id);
    expect(order.indexOf('tile-knowledge')).toBe(order.indexOf('tile-iot') + 1);
  });
});
