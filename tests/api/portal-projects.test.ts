/**
 * Projects the user may see: the institution tree (companyTree), the office tree, the project table
 * (withOfficeName), company logos, the concrete app hand-over and the saved user theme; scoping between companies.
 */
import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConcreteApp } from '../../src/server/portal/concrete-app.js';
import type { CompanyTreeNode, OfficeTreeNode, ProjectListRow } from '../../src/server/portal/projects.js';
import type { UserTheme } from '../../src/server/portal/user-theme.js';
import { defaultPortalConfig } from '../../src/server/portal-config.js';
import { addOtherCompany, type Caller, OTHER, PROJECTS, useLogins } from './portal-helpers.js';
import { json, useTestApp } from './test-app.js';

const CONCRETE_SECRET = 'concrete-test-secret';
const t = useTestApp({
  portal: defaultPortalConfig({
    concreteUrl: 'https://concrete.example.com/sso?from=portal',
    concreteSecret: CONCRETE_SECRET,
  }),
});
beforeAll(() => addOtherCompany(t.db));
const [admin, manager, staff, other] = useLogins(t, 'admin', 'manager', 'staff', 'other');

function flatten<T extends { childList: T[] }>(list: T[]): T[] {
  return list.flatMap((n) => [n, ...flatten(n.childList)]);
}

interface Page {
  dataList: ProjectListRow[];
  total: number;
  pageNum: number;
  limit: number;
}

const withOfficeName = (caller: Caller, body: unknown) => caller.post<Page>('/zhgd/project/withOfficeName', body);
const officeQuery = (value: string) => ({
  limit: 999,
  pageNum: 1,
  conditions: [{ condition: '=', fieldName: 'OFFICE_NAME', key: 'officeName', value }],
});

describe('companyTree', () => {
  it('needs a login', async () => {
    expect(json(await t.app.inject({ method: 'POST', url: '/api/device/base/v2.0/companyTree' })).msgCode).toBe(-401);
  });

  it('manager: the company tree with the selection fields on project departments', async () => {
    const body = await manager.post<CompanyTreeNode[]>('/api/device/base/v2.0/companyTree');
    expect(body.msgCode).toBe(0);
    expect(body.data!.map((n) => n.id)).toEqual(['office-company']);
    const nodes = flatten(body.data!);
    const selectable = nodes.filter((n) => n.clickFlag === '1');
    expect(selectable.map((n) => n.projectName).sort()).toEqual(
      [PROJECTS.binjiang.name, PROJECTS.expressway.name, PROJECTS.highway.name].sort(),
    );
    expect(selectable.every((n) => n.type === '3')).toBe(true);
    const binjiang = selectable.find((n) => n.projectId === PROJECTS.binjiang.id)!;
    expect(binjiang).toMatchObject({
      id: 'office-pd-binjiang',
      name: '滨江花园住宅项目部',
      type: '3',
      edpId: 'office-pd-binjiang',
      edpName: '滨江花园住宅项目部',
      objectId: PROJECTS.binjiang.id,
      objectName: PROJECTS.binjiang.name,
      status: '1',
      code: 'ZJZH-2026-001',
      officeId: 'office-pd-binjiang',
      projectName: PROJECTS.binjiang.name,
      projectType: '1',
      projectId: PROJECTS.binjiang.id,
      parentId: 'office-east',
      functionModel: 'labor,safety,quality,device,bim',
      childList: [],
    });
    expect(binjiang.logPath).toMatch(/^data:image\/svg\+xml;base64,/);
    // Branches are not selectable and carry no project fields.
    const east = nodes.find((n) => n.id === 'office-east')!;
    expect(east).toMatchObject({ type: '2', clickFlag: '0', parentId: 'office-company' });
    expect(east.projectId).toBeUndefined();
    // Never another company's.
    expect(nodes.some((n) => n.id.startsWith('office-other'))).toBe(false);
  });

  it("admin sees every company; the other company's manager only theirs", async () => {
    const all = await admin.post<CompanyTreeNode[]>('/api/device/base/v2.0/companyTree', {});
    expect(all.data!.map((n) => n.id).sort()).toEqual(['office-company', 'office-other']);
    const theirs = await other.post<CompanyTreeNode[]>('/api/device/base/v2.0/companyTree');
    expect(flatten(theirs.data!).map((n) => n.id)).toEqual(['office-other', 'office-other-pd']);
    expect(flatten(theirs.data!)[1]).toMatchObject({ clickFlag: '1', projectName: OTHER.projectName, logPath: '' });
  });

  it('accepts an empty JSON body', async () => {
    const response = await staff.raw({
      method: 'POST',
      url: '/api/device/base/v2.0/companyTree',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(json(response).msgCode).toBe(0);
  });
});

describe('office tree', () => {
  it('item.officeTree, scoped', async () => {
    const mine = await manager.get<never, { officeTree: OfficeTreeNode[] }>('/api/zhgd/office/tree');
    expect(mine.msgCode).toBe(0);
    const tree = mine.item!.officeTree;
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ id: 'office-company', type: '1', code: 'ZJZH' });
    expect(tree[0].childList.map((n) => n.name)).toEqual(['华东分公司', '华南分公司', '信息管理部']);
    const all = await admin.get<never, { officeTree: OfficeTreeNode[] }>('/api/zhgd/office/tree');
    expect(all.item!.officeTree).toHaveLength(2);
    expect(json(await t.app.inject({ method: 'GET', url: '/api/zhgd/office/tree' })).msgCode).toBe(-401);
  });
});

describe('withOfficeName', () => {
  it('a project department lists its project, with the row fields of the spec', async () => {
    const body = await manager.post<Page>('/zhgd/project/withOfficeName', officeQuery('滨江花园住宅项目部'));
    expect(body.msgCode).toBe(0);
    expect(body.data).toEqual({
      total: 1,
      pageNum: 1,
      limit: 999,
      dataList: [
        {
          ID: PROJECTS.binjiang.id,
          OFFICE_NAME: '滨江花园住宅项目部',
          PROJECT_NAME: PROJECTS.binjiang.name,
          ENGINEERING_TYPE: '1',
          PROJECT_STATUS: '1',
          AREA_CODE: '330108',
          OFFICE_ID: 'office-pd-binjiang',
          PROJECT_CODE: 'ZJZH-2026-001',
        },
      ],
    });
  });

  it('a branch or the company lists its whole subtree', async () => {
    const south = await manager.post<Page>('/zhgd/project/withOfficeName', officeQuery('华南分公司'));
    expect(south.data!.dataList.map((r) => r.ID).sort()).toEqual([PROJECTS.expressway.id, PROJECTS.highway.id]);
    const company = await manager.post<Page>('/zhgd/project/withOfficeName', officeQuery('中建智慧建设集团有限公司'));
    expect(company.data!.total).toBe(3);
  });

  it("scoping: a manager never sees another company's projects, the admin sees all", async () => {
    expect((await withOfficeName(manager, officeQuery('外部港航建设有限公司'))).data).toMatchObject({
      total: 0,
      dataList: [],
    });
    expect((await withOfficeName(manager, { conditions: [] })).data!.total).toBe(3);
    expect((await withOfficeName(staff, {})).data!.total).toBe(3);
    const theirs = await withOfficeName(other, {});
    expect(theirs.data!.dataList.map((r) => r.ID)).toEqual([OTHER.projectId]);
    expect((await withOfficeName(admin, {})).data!.total).toBe(4);
  });

  it('filters by other whitelisted fields, like, and pages', async () => {
    const type3 = await withOfficeName(admin, {
      conditions: [{ condition: '=', fieldName: 'ENGINEERING_TYPE', key: 'type', value: '3' }],
    });
    expect(type3.data!.dataList.map((r) => r.ID)).toEqual([PROJECTS.highway.id]);
    const like = await withOfficeName(admin, {
      conditions: [{ condition: 'like', fieldName: 'PROJECT_NAME', value: '工程' }],
    });
    expect(like.data!.total).toBe(4);
    // Wildcards in the value match literally.
    const percent = await withOfficeName(admin, {
      conditions: [{ condition: 'like', fieldName: 'PROJECT_NAME', value: '%' }],
    });
    expect(percent.data!.total).toBe(0);
    const page = await withOfficeName(admin, { limit: 2, pageNum: 2 });
    expect(page.data).toMatchObject({ total: 4, pageNum: 2, limit: 2 });
    expect(page.data!.dataList).toHaveLength(2);
  });

  it('validates conditions strictly, in Chinese', async () => {
    const badField = await withOfficeName(admin, {
      conditions: [{ condition: '=', fieldName: 'p.name; drop table project', value: 'x' }],
    });
    expect(badField.msgCode).toBe(-400);
    expect(badField.errMsg).toMatch(/^查询字段只能是 /);
    const badCondition = await withOfficeName(admin, { conditions: [{ condition: '>', fieldName: 'ID', value: 'x' }] });
    expect(badCondition).toMatchObject({ msgCode: -400, errMsg: '查询条件只能是 = 或 like' });
    expect((await withOfficeName(admin, { conditions: [{ condition: '=', fieldName: 'ID' }] })).errMsg).toBe(
      '请填写查询值',
    );
    expect((await withOfficeName(admin, { limit: 1000 })).errMsg).toBe('每页条数必须是1到999的整数');
    expect((await withOfficeName(admin, { pageNum: 0 })).errMsg).toBe('页码必须是正整数');
    expect((await withOfficeName(admin, { conditions: 'OFFICE_NAME' })).errMsg).toBe('查询条件格式不正确');
    expect(json(await t.app.inject({ method: 'POST', url: '/zhgd/project/withOfficeName', payload: {} })).msgCode).toBe(
      -401,
    );
  });
});

describe('companyManager detail', () => {
  it('the logo of the office or the nearest one above', async () => {
    const company = await staff.get<{ id: string; logPath: string }>('/api/zhgd/companyManager/detail/office-company');
    expect(company.msgCode).toBe(0);
    expect(company.data!.logPath).toMatch(/^data:image\/svg\+xml;base64,/);
    const department = await staff.get<{ logPath: string }>('/api/zhgd/companyManager/detail/office-pd-highway');
    expect(department.data!.logPath).toBe(company.data!.logPath);
    expect(
      (await other.get<{ logPath: string }>(`/api/zhgd/companyManager/detail/${OTHER.companyId}`)).data!.logPath,
    ).toBe('');
    expect(await staff.get('/api/zhgd/companyManager/detail/nope')).toEqual({ msgCode: -404, errMsg: '机构不存在' });
    // Another company's office answers exactly like a missing one, both ways.
    expect(await other.get('/api/zhgd/companyManager/detail/office-company')).toEqual({
      msgCode: -404,
      errMsg: '机构不存在',
    });
    expect(await staff.get(`/api/zhgd/companyManager/detail/${OTHER.companyId}`)).toEqual({
      msgCode: -404,
      errMsg: '机构不存在',
    });
    expect((await staff.get('/api/zhgd/companyManager/detail/a%20b')).errMsg).toBe('机构编号格式不正确');
    expect(
      json(await t.app.inject({ method: 'GET', url: '/api/zhgd/companyManager/detail/office-company' })).msgCode,
    ).toBe(-401);
  });
});

describe('loginSkipPC', () => {
  it('answers the concrete app address signed for the caller and project', async () => {
    const body = await staff.post<string>('/api/yt/v1.0/loginSkipPC', { projectName: PROJECTS.binjiang.name });
    expect(body.msgCode).toBe(0);
    const url = new URL(body.data!);
    expect(`${url.origin}${url.pathname}`).toBe('https://concrete.example.com/sso');
    expect(url.searchParams.get('from')).toBe('portal');
    const q = Object.fromEntries(url.searchParams);
    expect(q).toMatchObject({ account: 'staff', projectName: PROJECTS.binjiang.name });
    const expected = createHmac('sha256', CONCRETE_SECRET)
      .update(`account=${q.account}&projectName=${q.projectName}&ts=${q.ts}&nonce=${q.nonce}`)
      .digest('hex');
    expect(q.sign).toBe(expected);
    expect(Math.abs(Number(q.ts) - Date.now())).toBeLessThan(60_000);
  });

  it('scoping, login and a derived key by default', async () => {
    expect((await manager.post('/api/yt/v1.0/loginSkipPC', { projectName: OTHER.projectName })).msgCode).toBe(-403);
    expect(json(await t.app.inject({ method: 'POST', url: '/api/yt/v1.0/loginSkipPC', payload: {} })).msgCode).toBe(
      -401,
    );
    const derived = ConcreteApp.deriveSecret(undefined, Buffer.from('k'));
    expect(derived.equals(ConcreteApp.deriveSecret(undefined, Buffer.from('k')))).toBe(true);
    expect(derived.equals(ConcreteApp.deriveSecret(undefined, Buffer.from('j')))).toBe(false);
  });
});

describe('userTheme', () => {
  const selection = JSON.stringify({
    projectId: PROJECTS.binjiang.id,
    projectName: PROJECTS.binjiang.name,
    projectType: '1',
  });

  it("saves and reads back the caller's own", async () => {
    const me = await staff.get<{ id: string }>('/api/user/getCurrentUser');
    const userId = me.data!.id;
    const empty = await staff.get<UserTheme>('/api/userTheme/v1.0/get', { userId });
    expect(empty.data).toEqual({ userId, theme: 'default', remarks: '', updateDate: '' });
    const saved = await staff.post<UserTheme>('/api/userTheme/v1.0/insertOrUpdate', {
      theme: 'default',
      userId,
      remarks: selection,
    });
    expect(saved).toMatchObject({ msgCode: 0, data: { userId, theme: 'default', remarks: selection } });
    const again = await staff.post<UserTheme>('/api/userTheme/v1.0/insertOrUpdate', {
      userId,
      remarks: selection,
      theme: 'dark',
    });
    expect(again.data!.theme).toBe('dark');
    const read = await staff.get<UserTheme>('/api/userTheme/v1.0/get');
    expect(read.data).toMatchObject({ userId, theme: 'dark', remarks: selection });
    expect(Date.parse(read.data!.updateDate)).not.toBeNaN();
  });

  it("someone else's is -403 both ways", async () => {
    expect(await staff.get('/api/userTheme/v1.0/get', { userId: 'user-admin' })).toEqual({
      msgCode: -403,
      errMsg: '没有权限执行此操作',
    });
    const write = await staff.post('/api/userTheme/v1.0/insertOrUpdate', { userId: 'user-admin', remarks: selection });
    expect(write.msgCode).toBe(-403);
    expect((await admin.get<UserTheme>('/api/userTheme/v1.0/get')).data!.remarks).toBe('');
  });

  it('validates', async () => {
    expect(await staff.post('/api/userTheme/v1.0/insertOrUpdate', { remarks: selection })).toMatchObject({
      msgCode: -400,
      errMsg: '请填写用户编号',
    });
    const notJson = await staff.post('/api/userTheme/v1.0/insertOrUpdate', {
      userId: 'user-staff',
      remarks: '{not json',
    });
    expect(notJson).toMatchObject({ msgCode: -400, errMsg: '项目信息格式不正确' });
    const bad = await staff.post('/api/userTheme/v1.0/insertOrUpdate', { userId: 'user-staff', theme: '<script>' });
    expect(bad).toMatchObject({ msgCode: -400, errMsg: '主题名称格式不正确' });
    expect(json(await t.app.inject({ method: 'GET', url: '/api/userTheme/v1.0/get' })).msgCode).toBe(-401);
  });
});
