/**
 * 思维导图 (module mindmap): maps through the collection API (new, rename, delete; the list leaves the content out),
 * the editor's content saved against its revision (a second editor's save over a newer revision is refused with
 * who saved it, a rename in between is not a conflict), the content kept clean (no HTML, no script links), the
 * read-only share link (valid, taken back, altered, for users outside the project), the demo maps, and the
 * project scope.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/accounts/passwords.js';
import { loadModules } from '../../src/server/modules/module-files.js';
import { seedReferenceData } from '../../src/server/seed/index.js';
import { seedModuleDemo } from '../../src/server/seed/module-demo.js';
import { caller, useCallers, type Caller, type PageData } from './admin-helpers.js';
import { addOutsiderProject, OTHER_COMPANY_PROJECT } from './outsider-project.js';
import { useTestApp } from './test-app.js';

const PROJECT = 'project-binjiang';

type Row = Record<string, unknown> & { id: string; version: number };
interface MapNode {
  id: string;
  topic: string;
  children?: MapNode[];
  [key: string]: unknown;
}
interface EditorMap extends Row {
  title: string;
  revision: number;
  content: { nodeData: MapNode; [key: string]: unknown };
  shared: boolean;
}

const t = useTestApp();
const who = useCallers(t);

beforeAll(async () => {
  await addOutsiderProject(t.db);
});

async function newMap(title: string, projectId = PROJECT, by = who.manager): Promise<Row> {
  const made = await by.call<Row>('POST', '/api/data/mind-map', { projectId, title, description: '测试导图' });
  expect(made.msgCode, made.errMsg).toBe(0);
  return made.data as Row;
}

const openMap = (id: string, by = who.manager) => by.call<EditorMap>('GET', `/api/mindmap/v1.0/maps/${id}`);

const save = (id: string, content: unknown, revision: number, by = who.manager) =>
  by.call<{ revision: number; nodeCount: number; savedByName: string }>('PUT', `/api/mindmap/v1.0/maps/${id}/content`, {
    content,
    revision,
  });

describe('mind maps', () => {
  it('makes a new map from its title, lists it without its content, renames and deletes it', async () => {
    const made = await newMap('施工部署');
    expect(made).toMatchObject({ title: '施工部署', nodeCount: 1, shared: false, revision: 0 });
    expect(made.content).toBeUndefined();
    expect(made.shareId).toBeUndefined();

    const opened = await openMap(made.id);
    expect(opened.msgCode, opened.errMsg).toBe(0);
    expect(opened.data?.content.nodeData).toEqual({ id: 'root', topic: '施工部署' });
    expect(opened.data?.revision).toBe(0);

    const list = await who.staff.call<PageData<Row>>('GET', `/api/data/mind-map?projectId=${PROJECT}&title=施工部署`);
    expect(list.data?.dataList.map((row) => row.title)).toEqual(['施工部署']);
    expect(list.data?.dataList[0].content).toBeUndefined();

    const again = await who.manager.call('POST', '/api/data/mind-map', { projectId: PROJECT, title: '施工部署' });
    expect(again).toMatchObject({ msgCode: -409, errMsg: '本项目已有同名的导图' });
    const empty = await who.manager.call('POST', '/api/data/mind-map', { projectId: PROJECT, title: '' });
    expect(empty).toMatchObject({ msgCode: -400, errMsg: '请输入导图名称' });

    const renamed = await who.manager.call<Row>('PUT', `/api/data/mind-map/${made.id}`, {
      title: '施工部署（二版）',
      version: made.version,
    });
    expect(renamed.msgCode, renamed.errMsg).toBe(0);
    // A rename keeps the content: the root still says what it said.
    expect((await openMap(made.id)).data?.content.nodeData.topic).toBe('施工部署');

    expect((await who.manager.call('DELETE', `/api/data/mind-map/${made.id}`)).msgCode).toBe(0);
    expect(await openMap(made.id)).toMatchObject({ msgCode: -404 });
  });

  it('saves the content against its revision and refuses a second editor over a newer one', async () => {
    const made = await newMap('质量计划');
    const first = await openMap(made.id, who.manager);
    const second = await openMap(made.id, who.staff);
    const edited = {
      nodeData: {
        id: 'root',
        topic: '质量计划',
        children: [
          { id: 'a', topic: '材料验收', children: [{ id: 'a1', topic: '钢筋复试' }] },
          { id: 'b', topic: '工序交接', expanded: false, children: [{ id: 'b1', topic: '三检制' }] },
        ],
      },
      direction: 2,
    };
    const saved = await save(made.id, edited, first.data!.revision, who.manager);
    expect(saved).toMatchObject({
      msgCode: 0,
      errMsg: '已保存',
      data: { revision: 1, nodeCount: 5, savedByName: '张经理' },
    });

    // The second editor still has revision 0: its save is refused, saying who saved and when, and changes nothing.
    const late = await save(made.id, { nodeData: { id: 'root', topic: '覆盖' } }, second.data!.revision, who.staff);
    expect(late.msgCode).toBe(-409);
    expect(late.errMsg).toMatch(/^这张导图已由张经理于 \d{2}-\d{2} \d{2}:\d{2} 保存了新内容，您刚才的修改未保存/);
    expect(late.data).toMatchObject({ revision: 1, savedByName: '张经理' });
    const stored = await openMap(made.id, who.staff);
    expect(stored.data?.content).toEqual(edited);
    expect(stored.data).toMatchObject({ revision: 1, nodeCount: 5, savedByName: '张经理' });

    // Reloaded, the second editor saves on top.
    const onTop = await save(
      made.id,
      { ...edited, nodeData: { ...edited.nodeData, topic: '质量计划（修订）' } },
      1,
      who.staff,
    );
    expect(onTop).toMatchObject({ msgCode: 0, data: { revision: 2, savedByName: '李施工员' } });

    // A rename in between moves the record's version, not the content's revision: no conflict.
    const record = await who.manager.call<Row>('GET', `/api/data/mind-map/${made.id}`);
    await who.manager.call('PUT', `/api/data/mind-map/${made.id}`, {
      title: '质量计划表',
      version: record.data!.version,
    });
    expect(await save(made.id, edited, 2, who.staff)).toMatchObject({ msgCode: 0, data: { revision: 3 } });
  });

  it('keeps only what the editor uses: no HTML, no script links, sound ids and limits', async () => {
    const made = await newMap('清理测试');
    const content = {
      nodeData: {
        id: 'root',
        topic: '根',
        dangerouslySetInnerHTML: '<img src=x onerror=alert(1)>',
        children: [
          { id: 'x', topic: '链接', hyperLink: 'javascript:alert(1)', style: { color: 'red;background:url(x)' } },
          {
            id: 'y',
            topic: '官网',
            hyperLink: 'https://www.mohurd.gov.cn/',
            style: { color: '#ff0000' },
            tags: ['重点'],
          },
        ],
      },
      arrows: [{ id: 'ar1', label: '关联', from: 'x', to: 'y', delta1: { x: 1, y: 2 }, delta2: { x: 3, y: 4 } }],
      theme: { name: 'x', cssVar: { '--main-color': 'url(javascript:1)' } },
    };
    expect((await save(made.id, content, 0)).msgCode).toBe(0);
    const stored = (await openMap(made.id)).data!.content;
    expect(stored.nodeData).toEqual({
      id: 'root',
      topic: '根',
      children: [
        { id: 'x', topic: '链接' },
        {
          id: 'y',
          topic: '官网',
          hyperLink: 'https://www.mohurd.gov.cn/',
          style: { color: '#ff0000' },
          tags: ['重点'],
        },
      ],
    });
    expect(stored.theme).toBeUndefined();
    expect(stored.arrows).toHaveLength(1);

    const twice = { nodeData: { id: 'root', topic: '根', children: [{ id: 'root', topic: '重复' }] } };
    expect(await save(made.id, twice, 1)).toMatchObject({ msgCode: -400, errMsg: '导图中有重复的节点编号' });
    const blank = { nodeData: { id: 'root', topic: '  ' } };
    expect(await save(made.id, blank, 1)).toMatchObject({ msgCode: -400, errMsg: '节点文字不能为空' });
    expect(await save(made.id, { nodes: [] }, 1)).toMatchObject({ msgCode: -400, errMsg: '导图内容格式不正确' });
    const many = {
      nodeData: {
        id: 'root',
        topic: '根',
        children: Array.from({ length: 3001 }, (_, i) => ({ id: `n${i}`, topic: `节点${i}` })),
      },
    };
    expect(await save(made.id, many, 1)).toMatchObject({ msgCode: -400 });
    // Content written through the collection's own call is held to the same rules.
    const record = await who.manager.call<Row>('GET', `/api/data/mind-map/${made.id}`);
    const raw = await who.manager.call('PUT', `/api/data/mind-map/${made.id}`, {
      title: '清理测试',
      content: '{"nodeData":{"id":"root","topic":"<b>根</b>","dangerouslySetInnerHTML":"<script>1</script>"}}',
      version: record.data!.version,
    });
    expect(raw.msgCode, raw.errMsg).toBe(0);
    expect((await openMap(made.id)).data!.content.nodeData).toEqual({ id: 'root', topic: '<b>根</b>' });
    const broken = await who.manager.call('PUT', `/api/data/mind-map/${made.id}`, {
      title: '清理测试',
      content: 'not json',
      version: (raw.data as Row).version,
    });
    expect(broken).toMatchObject({ msgCode: -400, errMsg: '导图内容格式不正确' });
  });

  it('shares a map read-only by a signed link, until the link is taken back', async () => {
    const made = await newMap('分享测试');
    const shared = await who.manager.call<{ token: string; path: string }>(
      'POST',
      `/api/mindmap/v1.0/maps/${made.id}/share`,
    );
    expect(shared.msgCode, shared.errMsg).toBe(0);
    const { token, path } = shared.data!;
    expect(path).toBe(`/mindMap/share?token=${encodeURIComponent(token)}`);
    // Sharing again answers the same link while it stands.
    expect(
      (await who.manager.call<{ token: string }>('POST', `/api/mindmap/v1.0/maps/${made.id}/share`)).data?.token,
    ).toBe(token);
    const list = await who.manager.call<PageData<Row>>('GET', `/api/data/mind-map?projectId=${PROJECT}&title=分享测试`);
    expect(list.data?.dataList[0]).toMatchObject({ shared: true });

    const opened = await who.staff.call<Record<string, unknown>>('GET', `/api/mindmap/v1.0/share/${token}`);
    expect(opened.msgCode, opened.errMsg).toBe(0);
    expect(opened.data).toMatchObject({
      title: '分享测试',
      projectName: '滨江花园住宅工程',
      content: { nodeData: { id: 'root', topic: '分享测试' } },
    });
    expect(opened.data?.id).toBeUndefined();
    // Not without signing in: the spec's route guard opens no portal path without a login.
    expect((await who.none.call('GET', `/api/mindmap/v1.0/share/${token}`)).msgCode).not.toBe(0);

    // Altered by hand: the signature, or the share id.
    const [shareId, signature] = token.split('.');
    const flipped = `${shareId}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const otherId = `${shareId[0] === 'A' ? 'B' : 'A'}${shareId.slice(1)}.${signature}`;
    for (const bad of [flipped, otherId, 'not-a-token', `${token}x`])
      expect(await who.staff.call('GET', `/api/mindmap/v1.0/share/${encodeURIComponent(bad)}`)).toMatchObject({
        msgCode: -404,
        errMsg: '分享链接无效或已被取消',
      });

    // Taken back: the link no longer opens; shared again, a new link, and the old one stays dead.
    const revoked = await who.manager.call('DELETE', `/api/mindmap/v1.0/maps/${made.id}/share`);
    expect(revoked).toMatchObject({ msgCode: 0, errMsg: '已取消分享，之前的链接均已失效' });
    expect(await who.staff.call('GET', `/api/mindmap/v1.0/share/${token}`)).toMatchObject({ msgCode: -404 });
    const again = await who.manager.call<{ token: string }>('POST', `/api/mindmap/v1.0/maps/${made.id}/share`);
    expect(again.data?.token).not.toBe(token);
    expect((await who.staff.call('GET', `/api/mindmap/v1.0/share/${again.data!.token}`)).msgCode).toBe(0);
    expect(await who.staff.call('GET', `/api/mindmap/v1.0/share/${token}`)).toMatchObject({ msgCode: -404 });
  });

  it('keeps maps to the projects the caller may see, shared or not', async () => {
    const outside = await newMap('外单位导图', OTHER_COMPANY_PROJECT, who.admin);
    const list = await who.manager.call('GET', `/api/data/mind-map?projectId=${OTHER_COMPANY_PROJECT}`);
    expect(list.msgCode).toBe(-403);
    const made = await who.manager.call('POST', '/api/data/mind-map', {
      projectId: OTHER_COMPANY_PROJECT,
      title: '越权',
    });
    expect(made.msgCode).toBe(-403);
    // A map of a project out of scope is as absent as a missing one, for every call of the editor.
    expect(await openMap(outside.id, who.staff)).toMatchObject({ msgCode: -404 });
    expect(await save(outside.id, { nodeData: { id: 'root', topic: '改' } }, 0, who.staff)).toMatchObject({
      msgCode: -404,
    });
    expect((await who.staff.call('POST', `/api/mindmap/v1.0/maps/${outside.id}/share`)).msgCode).toBe(-404);
    expect((await who.staff.call('DELETE', `/api/mindmap/v1.0/maps/${outside.id}/share`)).msgCode).toBe(-404);
    // Its share link does not open for a user of another company either.
    const link = await who.admin.call<{ token: string }>('POST', `/api/mindmap/v1.0/maps/${outside.id}/share`);
    expect(await who.manager.call('GET', `/api/mindmap/v1.0/share/${link.data!.token}`)).toMatchObject({
      msgCode: -403,
      errMsg: '该分享仅限导图所属项目的成员查看',
    });
    expect((await who.admin.call('GET', `/api/mindmap/v1.0/share/${link.data!.token}`)).msgCode).toBe(0);
  });

  it('lets a user whose role only views open maps, but not change, share or delete them', async () => {
    const made = await newMap('只读角色测试');
    await t.db
      .insertInto('sys_role')
      .values({
        id: 'role-map-viewer',
        name: '导图查看',
        enname: 'mapViewer',
        office_id: 'office-company',
        data_scope: '8',
        role_type: 'user',
        del_flag: '0',
      })
      .execute();
    await t.db
      .insertInto('sys_role_menu')
      .values(['mindMap', 'mindMap-index'].map((menuId) => ({ role_id: 'role-map-viewer', menu_id: menuId })))
      .execute();
    await t.db
      .insertInto('sys_user')
      .values({
        id: 'user-map-viewer',
        login_name: 'mapviewer',
        name: '导图访客',
        company_id: 'office-company',
        office_id: 'office-company',
        password_hash: await hashPassword('Viewer@2026'),
      })
      .execute();
    await t.db.insertInto('sys_user_role').values({ user_id: 'user-map-viewer', role_id: 'role-map-viewer' }).execute();
    const session = await t.app.services.sessions.start('user-map-viewer');
    const viewer: Caller = caller(t.app, t.app.services.accessTokens.issue('user-map-viewer', session.familyId));
    const opened = await openMap(made.id, viewer);
    expect(opened.msgCode, opened.errMsg).toBe(0);
    expect(await save(made.id, { nodeData: { id: 'root', topic: '改' } }, 0, viewer)).toMatchObject({ msgCode: -403 });
    expect((await viewer.call('POST', `/api/mindmap/v1.0/maps/${made.id}/share`)).msgCode).toBe(-403);
    expect((await viewer.call('DELETE', `/api/data/mind-map/${made.id}`)).msgCode).toBe(-403);
    expect((await viewer.call('POST', '/api/data/mind-map', { projectId: PROJECT, title: '新导图' })).msgCode).toBe(
      -403,
    );
  });

  it('offers 项目导图 as an app to search and star, never the hidden share view', async () => {
    const found = await who.manager.call<{ id: string; name: string }[]>(
      'GET',
      `/api/zhgd/MyCommonMenu/getMenu?projectName=${encodeURIComponent('滨江花园住宅工程')}&menuName=${encodeURIComponent('导图')}`,
    );
    expect(found.data?.map((menu) => menu.name)).toEqual(['项目导图']);
    const star = await who.manager.call('POST', '/api/zhgd/MyCommonMenu/insert', {
      projectName: '滨江花园住宅工程',
      menuId: 'mindMap-share',
    });
    expect(star.msgCode).toBe(-403);
  });

  it('opens the placeholder menu of an install that ran before the module, with its permission', async () => {
    await t.db
      .updateTable('sys_menu')
      .set({ target: 'mindMap/index', permission: null })
      .where('id', '=', 'mindMap-index')
      .execute();
    await seedReferenceData(t.db, loadModules());
    const menu = await t.db
      .selectFrom('sys_menu')
      .select(['target', 'permission'])
      .where('id', '=', 'mindMap-index')
      .executeTakeFirstOrThrow();
    expect(menu).toEqual({ target: 'page/mindmap-list', permission: 'mindmap:map:view' });
  });

  it('has three demo maps on every demo project, seeded once', async () => {
    for (const project of ['project-binjiang', 'project-expressway', 'project-highway']) {
      const list = await who.manager.call<PageData<Row>>('GET', `/api/data/mind-map?projectId=${project}&pageSize=50`);
      const titles = (list.data?.dataList ?? []).map((row) => row.title);
      expect(titles).toEqual(expect.arrayContaining(['施工组织设计要点', '安全管理体系', '质量控制要点']));
    }
    const map = await openMap('mindmap-project-highway-organisation');
    expect(map.msgCode, map.errMsg).toBe(0);
    const topics = map.data!.content.nodeData.children!.map((node) => node.topic);
    expect(topics).toEqual(expect.arrayContaining(['路基工程', '桥梁工程', '路面工程']));
    expect(map.data!.nodeCount).toBeGreaterThan(30);
    expect(map.data).toMatchObject({ revision: 1 });
    // Seeding again (every start with demo data) adds nothing and leaves an edited demo map as it is.
    expect((await save(map.data!.id, { nodeData: { id: 'root', topic: '改过的要点' } }, 1)).msgCode).toBe(0);
    const count = async () =>
      (await who.admin.call<PageData<Row>>('GET', '/api/data/mind-map?projectId=project-highway&pageSize=50')).data
        ?.total;
    const before = await count();
    await seedModuleDemo(
      t.db,
      loadModules().filter((module) => module.manifest.id === 'mindmap'),
    );
    expect(await count()).toBe(before);
    expect((await openMap(map.data!.id)).data?.content.nodeData.topic).toBe('改过的要点');
  });
});
