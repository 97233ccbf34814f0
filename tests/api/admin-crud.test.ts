/** Happy paths (and the main refusals) of every administration resource. */
import { describe, expect, it } from 'vitest';
import type { MenuRecord } from '../../src/shared/envelope.js';
import { MsgCode } from '../../src/shared/envelope.js';
import { encryptedPassword, useCallers, type PageData } from './admin-helpers.js';
import { json, login, useTestApp } from './test-app.js';

const t = useTestApp();
const as = useCallers(t);

interface Tree {
  id: string;
  name: string;
  parentId: string;
  parentIds: string;
  childList: Tree[];
}
const flat = (nodes: Tree[]): Tree[] => nodes.flatMap((n) => [n, ...flat(n.childList)]);
const PNG = `data:image/png;base64,${Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64')}`;

describe('offices', () => {
  it('create, read in three tree shapes, move, delete; refuses deleting an office with children or users', async () => {
    const created = await as.admin.call<{ id: string; parentIds: string }>('POST', '/api/system/office', {
      parentId: 'office-east',
      name: '测试项目部',
      type: '3',
      code: 'T-01',
      sort: 5,
      zipCode: '310000',
      email: '',
      useable: '1',
    });
    expect(created.msgCode).toBe(0);
    const id = created.data!.id;
    expect(created.data!.parentIds).toBe('0,office-company,office-east,');

    const tree = await as.admin.call<Tree[]>('GET', '/api/system/office/office-east/treeData');
    expect(flat(tree.data!).map((n) => n.id)).toEqual(expect.arrayContaining(['office-east', id]));
    const brief = await as.admin.call<Tree[]>('GET', '/api/system/office/v1.0/0/treeData');
    expect(Object.keys(brief.data![0]).sort()).toEqual(['childList', 'id', 'name', 'parentId', 'sort', 'type']);
    const options = await as.admin.call<{ id: string; path: string }[]>(
      'GET',
      '/api/system/office/v1.0/0/treeData?flat=1',
    );
    expect(options.data!.find((o) => o.id === id)?.path).toBe('中建智慧建设集团有限公司 / 华东分公司 / 测试项目部');
    const search = await as.admin.call<Tree[]>('POST', '/api/system/office/v1.2/treeData', { name: '测试' });
    expect(flat(search.data!).map((n) => n.id)).toEqual(['office-company', 'office-east', id]);

    const moved = await as.admin.call<{ parentIds: string }>('PUT', `/api/system/office/${id}`, {
      parentId: 'office-south',
      name: '测试项目部（改）',
      type: '3',
    });
    expect(moved).toMatchObject({
      msgCode: 0,
      data: { parentIds: '0,office-company,office-south,', name: '测试项目部（改）' },
    });
    const loop = await as.admin.call('PUT', '/api/system/office/office-company', {
      parentId: id,
      name: 'x',
      type: '1',
    });
    expect(loop.msgCode).toBe(MsgCode.invalidInput);

    expect(await as.admin.call('DELETE', '/api/system/office/office-south')).toMatchObject({
      msgCode: MsgCode.conflict,
      errMsg: '该机构下还有下级机构，请先删除下级机构',
    });
    expect(await as.admin.call('DELETE', '/api/system/office/office-it')).toMatchObject({
      msgCode: MsgCode.conflict,
      errMsg: '该机构下还有用户，请先删除或调走这些用户',
    });
    expect((await as.admin.call('DELETE', `/api/system/office/${id}`)).msgCode).toBe(0);
    expect((await as.admin.call('GET', `/api/system/office/${id}`)).msgCode).toBe(MsgCode.notFound);
  });

  it('validates with the form file messages', async () => {
    const body = await as.admin.call<{ errors: { field: string; message: string }[] }>('POST', '/api/system/office', {
      parentId: 'office-east',
      type: '9',
      zipCode: '12',
    });
    expect(body.msgCode).toBe(MsgCode.invalidInput);
    expect(body.data!.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: '请输入机构名称' },
        { field: 'type', message: '请选择机构类型' },
        { field: 'zipCode', message: '邮政编码为6位数字' },
      ]),
    );
  });
});

describe('areas', () => {
  it('create a tree, read, update, refuse deleting a parent, delete', async () => {
    const province = await as.admin.call<{ id: string }>('POST', '/api/system/area', {
      parentId: '0',
      name: '浙江省',
      code: '330000',
      type: '2',
    });
    const city = await as.admin.call<{ id: string; parentIds: string }>('POST', '/api/system/area', {
      parentId: province.data!.id,
      name: '杭州市',
      code: '330100',
      type: '3',
    });
    expect(city.data!.parentIds).toBe(`0,${province.data!.id},`);
    const tree = await as.admin.call<Tree[]>('GET', '/api/system/area/0/treeData');
    expect(tree.data!.find((n) => n.id === province.data!.id)?.childList.map((c) => c.name)).toEqual(['杭州市']);
    const updated = await as.admin.call('PUT', `/api/system/area/${city.data!.id}`, {
      parentId: province.data!.id,
      name: '杭州',
      code: '330100',
      type: '3',
      remarks: '省会',
    });
    expect(updated).toMatchObject({ msgCode: 0, data: { name: '杭州', remarks: '省会' } });
    expect((await as.admin.call('GET', `/api/system/area/${city.data!.id}`)).data).toMatchObject({ name: '杭州' });
    expect((await as.admin.call('DELETE', `/api/system/area/${province.data!.id}`)).msgCode).toBe(MsgCode.conflict);
    expect((await as.admin.call('DELETE', `/api/system/area/${city.data!.id}`)).msgCode).toBe(0);
    expect((await as.admin.call('DELETE', `/api/system/area/${province.data!.id}`)).msgCode).toBe(0);
  });
});

describe('menus', () => {
  it('tree filters, icon set, create, update, delete', async () => {
    const all = await as.admin.call<MenuRecord[]>('GET', '/api/system/menu/0/treeData');
    const ids = flat(all.data as unknown as Tree[]).map((m) => m.id);
    expect(ids).toEqual(expect.arrayContaining(['gateway', 'sys', 'sys-user-edit']));
    const shown = await as.admin.call<MenuRecord[]>('GET', '/api/system/menu/0/treeData?isShowHide=0');
    expect(flat(shown.data as unknown as Tree[]).map((m) => m.id)).not.toContain('sys-user-edit');
    const named = await as.admin.call<Tree[]>(
      'GET',
      `/api/system/menu/0/treeData?menuName=${encodeURIComponent('用户管理')}`,
    );
    expect(named.data!.map((m) => m.id)).toEqual(['sys']);
    expect(named.data![0].childList.map((m) => m.id)).toEqual(['sys-user']);
    const icons = await as.admin.call<{ name: string }[]>('GET', '/api/system/menu/iconChange');
    expect(icons.data!.length).toBeGreaterThan(10);
    // The core's icons and those the modules bring as files (modules/pile/icons/pile.svg).
    expect(icons.data!.map((icon) => icon.name)).toEqual(
      expect.arrayContaining(['icon-home', 'icon-pile', 'icon-weighbridge']),
    );

    const created = await as.admin.call<MenuRecord>('POST', '/api/system/menu', {
      parentId: 'sys',
      name: '测试菜单',
      href: '/systemProject/test',
      permission: 'sys:test:view',
      isShow: '1',
      specialLogo: 'navigation',
      icon: 'icon-tool',
    });
    expect(created).toMatchObject({
      msgCode: 0,
      data: { parentId: 'sys', parentIds: '0,sys,', permission: 'sys:test:view' },
    });
    const id = created.data!.id;
    expect(
      (await as.admin.call('PUT', `/api/system/menu/${id}`, { parentId: 'sys', name: '测试菜单2', isShow: '0' })).data,
    ).toMatchObject({ name: '测试菜单2', isShow: '0' });
    expect((await as.admin.call('GET', `/api/system/menu/${id}`)).data).toMatchObject({ name: '测试菜单2' });
    expect((await as.admin.call('DELETE', '/api/system/menu/sys-user')).msgCode).toBe(MsgCode.conflict);
    expect((await as.admin.call('DELETE', `/api/system/menu/${id}`)).msgCode).toBe(0);
    expect((await as.admin.call('GET', `/api/system/menu/${id}`)).msgCode).toBe(MsgCode.notFound);
  });

  it("the current user's granted tree: everything for admin, no administration for staff", async () => {
    const admin = await as.admin.call<Tree[]>('GET', '/api/user/current/menus/treeData?isShowHide=1');
    expect(flat(admin.data!).map((m) => m.id)).toEqual(expect.arrayContaining(['gateway', 'sys-office-edit']));
    const staff = await as.staff.call<Tree[]>('GET', '/api/user/current/menus/treeData');
    expect(flat(staff.data!).map((m) => m.id)).not.toContain('sys');
  });
});

describe('dictionaries', () => {
  it('list with filters, create, duplicate -409, update, delete, re-create', async () => {
    const list = await as.admin.call<PageData<{ type: string; label: string }>>(
      'GET',
      '/api/system/dictionary/list?type=sex&pageNo=1&pageSize=10',
    );
    expect(list.data).toMatchObject({ pageNo: 1, pageSize: 10 });
    expect(list.data!.total).toBeGreaterThanOrEqual(2);
    expect(list.data!.dataList.every((d) => d.type === 'sex')).toBe(true);
    // The filters are the screen's search form (schemas/forms/search-dictionary.json): its rules and messages, and
    // an empty field is no filter.
    expect(
      await as.admin.call('GET', `/api/system/dictionary/list?label=${'字'.repeat(51)}&description=`),
    ).toMatchObject({ msgCode: MsgCode.invalidInput, errMsg: '标签不能超过50个字符' });
    expect(
      (await as.admin.call<PageData<unknown>>('GET', '/api/system/dictionary/list?type=sex&label=')).data!.total,
    ).toBe(list.data!.total);

    const entry = { type: 'projectStatus', label: '在建', value: '1', sort: 1, description: '项目状态' };
    const created = await as.admin.call<{ id: string }>('POST', '/api/system/dictionary', entry);
    expect(created.msgCode).toBe(0);
    expect(await as.admin.call('POST', '/api/system/dictionary', entry)).toMatchObject({
      msgCode: MsgCode.conflict,
      errMsg: '该类型下已有相同键值的字典',
    });
    const id = created.data!.id;
    expect(
      (await as.admin.call('PUT', `/api/system/dictionary/${id}`, { ...entry, label: '施工中' })).data,
    ).toMatchObject({ label: '施工中' });
    const byType = await as.none.call<{ dictionaryList: { label: string }[] }>(
      'GET',
      '/api/system/dictionary/projectStatus/list',
    );
    expect(byType.item).toEqual({ dictionaryList: [{ label: '施工中', value: '1', sort: 1 }] });
    expect((await as.admin.call('DELETE', `/api/system/dictionary/${id}`)).msgCode).toBe(0);
    expect(
      ((await as.none.call('GET', '/api/system/dictionary/projectStatus/list')).item as { dictionaryList: unknown[] })
        .dictionaryList,
    ).toEqual([]);
    expect((await as.admin.call('POST', '/api/system/dictionary', entry)).msgCode).toBe(0);
  });
});

describe('whitespace-only values', () => {
  it("a required text of spaces is refused with the field's required message, on create and on update", async () => {
    const blankLabel = await as.admin.call('POST', '/api/system/dictionary', {
      type: 'blank_test',
      label: '   ',
      value: '1',
    });
    expect(blankLabel).toMatchObject({ msgCode: -400, errMsg: '请输入标签' });
    expect((blankLabel.data as { errors: unknown[] }).errors).toEqual([{ field: 'label', message: '请输入标签' }]);
    const tabs = await as.admin.call('POST', '/api/system/dictionary', {
      type: 'blank_test',
      label: '标签',
      value: '\t \u3000',
    });
    expect(tabs).toMatchObject({ msgCode: -400, errMsg: '请输入键值' });
    const created = await as.admin.call<{ id: string }>('POST', '/api/system/dictionary', {
      type: 'blank_test',
      label: '标签',
      value: '1',
    });
    expect(created.msgCode).toBe(0);
    const renamed = await as.admin.call('PUT', `/api/system/dictionary/${created.data!.id}`, {
      type: 'blank_test',
      label: '  ',
      value: '1',
    });
    expect(renamed).toMatchObject({ msgCode: -400, errMsg: '请输入标签' });
    const office = await as.admin.call('POST', '/api/system/office', {
      parentId: 'office-east',
      name: '  ',
      type: '3',
    });
    expect(office.msgCode).toBe(-400);
    expect(office.errMsg).not.toBe('');
    expect(office.errMsg).toBe(
      (await as.admin.call('POST', '/api/system/office', { parentId: 'office-east', type: '3' })).errMsg,
    );
  });
});

describe('the menus a role editor may grant', () => {
  it('a menu created in 菜单管理 is grantable at once by an administrator; a company manager is offered what it holds', async () => {
    const created = await as.admin.call<MenuRecord>('POST', '/api/system/menu', {
      parentId: 'sys',
      name: '新建的菜单',
      href: '/systemProject/fresh',
      isShow: '1',
      specialLogo: 'navigation',
    });
    expect(created.msgCode).toBe(0);
    const id = created.data!.id;
    const grantable = await as.admin.call<Tree[]>('GET', '/api/system/role/grantableMenus/treeData');
    expect(flat(grantable.data!).map((m) => m.id)).toContain(id);
    // The administrator's own menus do not hold it: that tree could never offer it.
    const own = await as.admin.call<Tree[]>('GET', '/api/user/current/menus/treeData');
    expect(flat(own.data!).map((m) => m.id)).not.toContain(id);

    const role = await as.admin.call<{ id: string }>('POST', '/api/system/role', {
      name: '新菜单角色',
      enname: 'freshMenuRole',
      useable: '1',
      dataScope: '2',
      menuIds: [id],
    });
    expect(role.msgCode).toBe(0);
    expect(
      (await as.admin.call<{ menuIds: string[] }>('GET', `/api/system/role/${role.data!.id}`)).data!.menuIds,
    ).toEqual([id]);

    const managerTree = await as.manager.call<Tree[]>('GET', '/api/system/role/grantableMenus/treeData');
    const managerOwn = await as.manager.call<Tree[]>('GET', '/api/user/current/menus/treeData');
    expect(
      flat(managerTree.data!)
        .map((m) => m.id)
        .sort(),
    ).toEqual(
      flat(managerOwn.data!)
        .map((m) => m.id)
        .sort(),
    );
    expect(flat(managerTree.data!).map((m) => m.id)).not.toContain(id);

    expect((await as.admin.call('DELETE', `/api/system/role/${role.data!.id}`)).msgCode).toBe(0);
    expect((await as.admin.call('DELETE', `/api/system/menu/${id}`)).msgCode).toBe(0);
  });
});

describe('roles and users', () => {
  it('a role with menus, users assigned, the role-user list, update, delete', async () => {
    const created = await as.admin.call<{ id: string; menuIds: string[] }>('POST', '/api/system/role', {
      name: '资料员',
      enname: 'docClerk',
      roleType: 'user',
      dataScope: '8',
      useable: '1',
      menuIds: ['work-bench', 'sys', 'sys-log'],
    });
    expect(created.msgCode).toBe(0);
    const id = created.data!.id;
    expect(created.data!.menuIds).toEqual(['sys', 'sys-log', 'work-bench']);
    expect((await as.admin.call('POST', '/api/system/role', { name: 'x', enname: 'docClerk' })).msgCode).toBe(
      MsgCode.conflict,
    );
    const list = await as.admin.call<PageData<{ enname: string }>>('GET', '/api/system/role/open/list?enname=doc');
    expect(list.data!.dataList.map((r) => r.enname)).toEqual(['docClerk']);

    expect(
      (await as.admin.call<{ userCount: number }>('POST', `/api/system/role/${id}/assign`, { userIds: ['user-staff'] }))
        .data,
    ).toEqual({ id, userCount: 1 });
    const members = await as.admin.call<PageData<{ loginName: string }>>(
      'GET',
      `/api/user/${id}/roles/userData?pageNo=1&pageSize=9999`,
    );
    expect(members.data!.dataList.map((u) => u.loginName)).toEqual(['staff']);
    // The staff member now holds sys:log:view through the new role.
    expect((await as.staff.call('GET', '/api/system/test/systemLog/list')).msgCode).toBe(0);

    const updated = await as.admin.call<{ menuIds: string[] }>('PUT', `/api/system/role/${id}`, {
      name: '资料员',
      enname: 'docClerk',
      menuIds: ['work-bench'],
    });
    expect(updated.data!.menuIds).toEqual(['work-bench']);
    expect((await as.staff.call('GET', '/api/system/test/systemLog/list')).msgCode).toBe(MsgCode.forbidden);

    expect((await as.admin.call('DELETE', '/api/system/role/role-admin')).msgCode).toBe(MsgCode.conflict);
    expect((await as.admin.call('DELETE', `/api/system/role/${id}`)).msgCode).toBe(0);
    expect((await as.admin.call('GET', `/api/system/role/${id}`)).msgCode).toBe(MsgCode.notFound);
  });

  it('an administrator-created user must change the password at the first login; update and delete', async () => {
    const payload = {
      loginName: 'zhangsan',
      name: '张三',
      password: await encryptedPassword(t.app, 'Init1234'),
      officeId: 'office-pd-binjiang',
      mobile: '13900000011',
      email: 'zs@example.com',
      loginFlag: '1',
      roleIds: ['role-site-staff'],
    };
    const created = await as.admin.call<{
      id: string;
      companyId: string;
      passwordMustChange: boolean;
      roleIds: string[];
    }>('POST', '/api/user', payload);
    expect(created).toMatchObject({
      msgCode: 0,
      data: { companyId: 'office-company', passwordMustChange: true, roleIds: ['role-site-staff'] },
    });
    expect((await as.admin.call('POST', '/api/user', payload)).errMsg).toBe('登录名已存在');
    expect(json(await login(t.app, 'zhangsan', 'Init1234')).msgCode).toBe(MsgCode.mustChangePassword);

    const { password: _unused, ...withoutPassword } = payload;
    expect(
      (await as.admin.call('POST', '/api/user', { ...withoutPassword, loginName: 'lisi', mobile: '13900000012' }))
        .errMsg,
    ).toBe('请输入初始密码');
    const id = created.data!.id;
    const updated = await as.admin.call('PUT', `/api/user/${id}`, { ...withoutPassword, name: '张三丰', roleIds: [] });
    expect(updated).toMatchObject({ msgCode: 0, data: { name: '张三丰', roleIds: [] } });
    const list = await as.admin.call<PageData<{ loginName: string }>>(
      'GET',
      `/api/user/list?name=${encodeURIComponent('三丰')}&officeId=office-east`,
    );
    expect(list.data!.dataList.map((u) => u.loginName)).toEqual(['zhangsan']);
    const byCompany = await as.admin.call<PageData<unknown>>(
      'GET',
      `/api/user/list?companyName=${encodeURIComponent('中建')}&pageSize=2`,
    );
    expect(byCompany.data).toMatchObject({ pageSize: 2, pageNo: 1 });
    expect(byCompany.data!.total).toBeGreaterThanOrEqual(4);
    expect(byCompany.data!.dataList).toHaveLength(2);
    expect((await as.admin.call('DELETE', '/api/user/user-admin')).errMsg).toBe('不能删除当前登录的账号');
    expect((await as.admin.call('DELETE', `/api/user/${id}`)).msgCode).toBe(0);
    expect((await as.admin.call('GET', `/api/user/${id}`)).msgCode).toBe(MsgCode.notFound);
  });

  it('a company manager administers its own company only, with non-system roles and menus it holds', async () => {
    const base = { name: '王五', officeId: 'office-pd-binjiang', password: await encryptedPassword(t.app, 'Init1234') };
    const ok = await as.manager.call<{ id: string }>('POST', '/api/user', {
      ...base,
      loginName: 'wangwu',
      roleIds: ['role-site-staff'],
    });
    expect(ok.msgCode).toBe(0);
    expect(
      await as.manager.call('POST', '/api/user', { ...base, loginName: 'wangwu2', roleIds: ['role-admin'] }),
    ).toMatchObject({ msgCode: MsgCode.forbidden, errMsg: '无权分配该角色' });
    expect((await as.manager.call('PUT', '/api/user/user-admin', { ...base, loginName: 'admin' })).msgCode).toBe(
      MsgCode.notFound,
    );
    expect(
      (await as.manager.call('POST', '/api/system/role/role-admin/assign', { userIds: [ok.data!.id] })).msgCode,
    ).toBe(MsgCode.notFound);
    expect(
      await as.manager.call('POST', '/api/system/role', { name: '全能', enname: 'allData', dataScope: '1' }),
    ).toMatchObject({ msgCode: MsgCode.invalidInput });
    expect(
      await as.manager.call('POST', '/api/system/role', {
        name: '越权',
        enname: 'escalate',
        menuIds: ['sys-office-edit'],
      }),
    ).toMatchObject({ msgCode: MsgCode.forbidden, errMsg: '不能授予自己没有的菜单权限' });
    const role = await as.manager.call<{ officeId: string; isSys: string }>('POST', '/api/system/role', {
      name: '班组长',
      enname: 'teamLeader',
      isSys: '1',
      menuIds: ['work-bench', 'sys-user'],
    });
    expect(role).toMatchObject({ msgCode: 0, data: { officeId: 'office-company', isSys: '0' } });
    const roles = await as.manager.call<PageData<{ enname: string }>>('GET', '/api/system/role/open/list?pageSize=100');
    expect(roles.data!.dataList.map((r) => r.enname)).not.toContain('admin');
    const offices = await as.manager.call<Tree[]>('GET', '/api/system/office/0/treeData');
    expect(offices.data!.map((o) => o.id)).toEqual(['office-company']);
  });
});

describe('logos and projects', () => {
  it('logos: create, list, newest (public), edit, delete by GET; image rules', async () => {
    expect((await as.none.call('GET', '/api/system/logo/getNewest')).data).toBeNull();
    const created = await as.admin.call<{ id: string }>('POST', '/api/system/logo/v1.0/create', {
      name: '集团Logo',
      image: PNG,
    });
    expect(created.msgCode).toBe(0);
    const id = created.data!.id;
    expect((await as.none.call('GET', '/api/system/logo/getNewest')).data).toMatchObject({
      id,
      name: '集团Logo',
      image: PNG,
    });
    expect((await as.admin.call<PageData<unknown>>('GET', '/api/system/logo/v1.0/list')).data!.total).toBe(1);
    expect(
      (await as.admin.call('POST', `/api/system/logo/v1.0/edit/${id}`, { name: '新Logo', image: PNG })).data,
    ).toMatchObject({ name: '新Logo' });
    const bad = await as.admin.call('POST', '/api/system/logo/v1.0/create', {
      name: 'x',
      image: 'data:text/html;base64,PHNjcmlwdD4=',
    });
    expect(bad).toMatchObject({
      msgCode: MsgCode.invalidInput,
      errMsg: '请上传 PNG、JPG、GIF、WEBP 或 SVG 格式的图片',
    });
    const huge = `data:image/png;base64,${Buffer.alloc(600 * 1024).toString('base64')}`;
    expect((await as.admin.call('POST', '/api/system/logo/v1.0/create', { name: 'x', image: huge })).errMsg).toBe(
      '图片不能超过512KB',
    );
    expect((await as.admin.call('GET', `/api/system/logo/v1.0/delete/${id}`)).msgCode).toBe(0);
    expect((await as.admin.call('GET', `/api/system/logo/v1.0/delete/${id}`)).msgCode).toBe(MsgCode.notFound);
    expect((await as.none.call('GET', '/api/system/logo/getNewest')).data).toBeNull();
  });

  it('projects: list, create, read, update, delete', async () => {
    const list = await as.admin.call<PageData<{ id: string; officeName: string }>>(
      'GET',
      '/api/system/project/list?engineeringType=1',
    );
    expect(list.data!.dataList).toEqual([
      expect.objectContaining({ id: 'project-binjiang', officeName: '滨江花园住宅项目部' }),
    ]);
    const created = await as.admin.call<{ id: string }>('POST', '/api/system/project', {
      name: '测试工程',
      officeId: 'office-pd-binjiang',
      engineeringType: '2',
      status: '0',
      areaCode: '330108',
    });
    expect(created).toMatchObject({ msgCode: 0, data: { name: '测试工程', officeName: '滨江花园住宅项目部' } });
    const id = created.data!.id;
    expect(
      (
        await as.admin.call('PUT', `/api/system/project/${id}`, {
          name: '测试工程二期',
          officeId: 'office-pd-expressway',
          engineeringType: '2',
          status: '1',
        })
      ).data,
    ).toMatchObject({ name: '测试工程二期', officeId: 'office-pd-expressway' });
    expect(
      (
        await as.admin.call('POST', '/api/system/project', {
          name: 'x',
          officeId: 'nope',
          engineeringType: '1',
          status: '1',
        })
      ).msgCode,
    ).toBe(MsgCode.notFound);
    expect((await as.admin.call('DELETE', `/api/system/project/${id}`)).msgCode).toBe(0);
    expect((await as.admin.call('GET', `/api/system/project/${id}`)).msgCode).toBe(MsgCode.notFound);
  });
});
