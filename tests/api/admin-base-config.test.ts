/**
 * Base config administration (GET /api/system/baseConfig/list, GET/PUT/DELETE /api/system/baseConfig/{id}, POST
 * /api/system/baseConfig): versions newest first, the newest in force at GET /api/pub/baseConfig/newest at once,
 * the last row kept, the form's messages, and who may call what.
 */
import { describe, expect, it } from 'vitest';
import type { BaseConfig } from '../../src/shared/envelope.js';
import { MsgCode } from '../../src/shared/envelope.js';
import { useCallers, type PageData } from './admin-helpers.js';
import { useTestApp } from './test-app.js';

interface ConfigRecord extends BaseConfig {
  id: string;
  createDate: string;
}
interface FieldErrors {
  errors: { field: string; message: string }[];
}

const t = useTestApp();
const as = useCallers(t);

const URL = '/api/system/baseConfig';
const PNG = `data:image/png;base64,${Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex').toString('base64')}`;
const SEED_ID = 'base-config-demo';
const valid = {
  name: '测试工地平台',
  titleLogo: PNG,
  projectLogo: PNG,
  version: '2.0.0',
  support: '技术支持电话 400-000-0000',
  defaultMenu: '/work-bench',
};

async function newest(): Promise<BaseConfig> {
  const response = await t.app.inject({ method: 'GET', url: '/api/pub/baseConfig/newest' });
  return (response.json() as { item: { newest: BaseConfig } }).item.newest;
}
const list = async (query = '') => (await as.admin.call<PageData<ConfigRecord>>('GET', `${URL}/list${query}`)).data!;

describe('base config versions', () => {
  let created: ConfigRecord;

  it('lists the seeded version, newest first, paged', async () => {
    const page = await list();
    expect(page).toMatchObject({ total: 1, pageNo: 1, pageSize: 10 });
    expect(page.dataList[0]).toMatchObject({ id: SEED_ID, name: '智慧工地管理平台', defaultMenu: '/work-bench' });
    expect(page.dataList[0].createDate).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await newest()).toMatchObject({ name: '智慧工地管理平台' });
  });

  it('a new version comes into force at once', async () => {
    const body = await as.admin.call<ConfigRecord>('POST', URL, valid);
    expect(body).toMatchObject({ msgCode: 0, errMsg: '保存成功', data: valid });
    created = body.data!;
    expect(await newest()).toEqual(valid);
    const page = await list();
    expect(page.total).toBe(2);
    expect(page.dataList.map((r) => r.id)).toEqual([created.id, SEED_ID]);
    expect((await list('?pageNo=2&pageSize=1')).dataList.map((r) => r.id)).toEqual([SEED_ID]);
    expect(await as.admin.call('GET', `${URL}/${created.id}`)).toMatchObject({ msgCode: 0, data: valid });
  });

  it('versions created in quick succession keep their order; absent fields take the defaults', async () => {
    const first = await as.admin.call<ConfigRecord>('POST', URL, { name: '版本A' });
    const second = await as.admin.call<ConfigRecord>('POST', URL, { name: '版本B', defaultMenu: '/b', version: '' });
    // The form's default menu applies when none is sent.
    expect(first.data!.defaultMenu).toBe('/work-bench');
    expect(second.data).toMatchObject({
      name: '版本B',
      titleLogo: '/app/favicon.svg',
      projectLogo: '/app/favicon.svg',
      version: '',
      support: '',
    });
    expect((await list()).dataList.map((r) => r.id).slice(0, 2)).toEqual([second.data!.id, first.data!.id]);
    expect((await newest()).name).toBe('版本B');
    // Deleting the newest brings the one before it back into force.
    expect(await as.admin.call('DELETE', `${URL}/${second.data!.id}`)).toMatchObject({
      msgCode: 0,
      errMsg: '删除成功',
    });
    expect((await newest()).name).toBe('版本A');
    expect((await as.admin.call('DELETE', `${URL}/${first.data!.id}`)).msgCode).toBe(0);
    expect(await newest()).toEqual(valid);
  });

  it('editing the version in force shows at once; editing an older one changes nothing in force', async () => {
    const edited = await as.admin.call<ConfigRecord>('PUT', `${URL}/${created.id}`, {
      ...valid,
      name: '改名后的平台',
      defaultMenu: '/systemProject/user',
    });
    expect(edited).toMatchObject({ msgCode: 0, data: { id: created.id, name: '改名后的平台' } });
    expect(edited.data!.createDate).toBe(created.createDate);
    expect(await newest()).toMatchObject({ name: '改名后的平台', defaultMenu: '/systemProject/user' });

    const older = await as.admin.call<ConfigRecord>('PUT', `${URL}/${SEED_ID}`, {
      name: '旧版本',
      defaultMenu: '/work-bench',
      titleLogo: '/app/favicon.svg',
    });
    expect(older.data).toMatchObject({ id: SEED_ID, name: '旧版本', titleLogo: '/app/favicon.svg' });
    expect((await newest()).name).toBe('改名后的平台');
    expect((await list()).dataList.map((r) => r.id)).toEqual([created.id, SEED_ID]);
  });

  it('answers -404 for a version that does not exist', async () => {
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', valid],
      ['DELETE', undefined],
    ] as const) {
      expect(await as.admin.call(method, `${URL}/no-such-id`, payload)).toMatchObject({
        msgCode: MsgCode.notFound,
        errMsg: '基础配置不存在',
      });
    }
  });

  it('refuses deleting the last remaining version (-409)', async () => {
    expect((await as.admin.call('DELETE', `${URL}/${created.id}`)).msgCode).toBe(0);
    expect(await newest()).toMatchObject({ name: '旧版本' });
    expect(await as.admin.call('DELETE', `${URL}/${SEED_ID}`)).toMatchObject({
      msgCode: MsgCode.conflict,
      errMsg: '至少需要保留一条基础配置，不能删除最后一条',
    });
    expect((await list()).total).toBe(1);
    expect(await newest()).toMatchObject({ name: '旧版本' });
  });
});

describe('validation messages (schemas/forms/admin-base-config.json)', () => {
  const cases: [name: string, body: Record<string, unknown>, field: string, message: string][] = [
    ['name missing', { ...valid, name: undefined }, 'name', '请输入平台名称'],
    ['name empty', { ...valid, name: '' }, 'name', '请输入平台名称'],
    ['name too long', { ...valid, name: '名'.repeat(51) }, 'name', '平台名称不能超过50个字符'],
    ['version too long', { ...valid, version: '1'.repeat(21) }, 'version', '版本不能超过20个字符'],
    ['support too long', { ...valid, support: '支'.repeat(101) }, 'support', '技术支持不能超过100个字符'],
    ['defaultMenu after a space', { ...valid, defaultMenu: ' /work-bench' }, 'defaultMenu', '默认菜单必须以 / 开头'],
    ['defaultMenu relative', { ...valid, defaultMenu: 'work-bench' }, 'defaultMenu', '默认菜单必须以 / 开头'],
    [
      'titleLogo not an image',
      { ...valid, titleLogo: 'data:text/html;base64,PHNjcmlwdD4=' },
      'titleLogo',
      '标题Logo请上传 PNG、JPG、GIF、WEBP 或 SVG 格式的图片',
    ],
    [
      'titleLogo another site',
      { ...valid, titleLogo: '//evil.example.com/logo.png' },
      'titleLogo',
      '标题Logo请上传 PNG、JPG、GIF、WEBP 或 SVG 格式的图片',
    ],
    [
      'projectLogo a script URL',
      { ...valid, projectLogo: 'javascript:alert(1)' },
      'projectLogo',
      '项目Logo请上传 PNG、JPG、GIF、WEBP 或 SVG 格式的图片',
    ],
    [
      'projectLogo too long',
      { ...valid, projectLogo: `data:image/png;base64,${Buffer.alloc(600 * 1024).toString('base64')}` },
      'projectLogo',
      '项目Logo不能超过512KB',
    ],
    [
      'titleLogo over 512 KiB decoded (within the length limit)',
      { ...valid, titleLogo: `data:image/png;base64,${Buffer.alloc(530_000).toString('base64')}` },
      'titleLogo',
      '图片不能超过512KB',
    ],
    [
      'projectLogo a base64 image of another type',
      { ...valid, projectLogo: 'data:image/bmp;base64,Qk0=' },
      'projectLogo',
      '项目Logo请上传 PNG、JPG、GIF、WEBP 或 SVG 格式的图片',
    ],
  ];

  it.each(cases)('%s', async (_name, body, field, message) => {
    for (const [method, url] of [
      ['POST', URL],
      ['PUT', `${URL}/${SEED_ID}`],
    ] as const) {
      const answer = await as.admin.call<FieldErrors>(method, url, body);
      expect(answer).toMatchObject({ msgCode: MsgCode.invalidInput, errMsg: message });
      expect(answer.data!.errors).toEqual(expect.arrayContaining([{ field, message }]));
    }
  });

  it('changed nothing', async () => {
    expect((await list()).total).toBe(1);
  });
});

describe('permissions', () => {
  it('administrators hold sys:config:view and sys:config:edit; managers and staff neither', async () => {
    const admin = await as.admin.call<string[]>('GET', '/api/user/current/permissions');
    expect(admin.data).toEqual(expect.arrayContaining(['sys:config:view', 'sys:config:edit']));
    for (const who of ['manager', 'staff'] as const) {
      const body = await as[who].call<string[]>('GET', '/api/user/current/permissions');
      expect(body.data).not.toContain('sys:config:view');
      expect(body.data).not.toContain('sys:config:edit');
    }
  });

  const calls = [
    ['GET', `${URL}/list`, undefined],
    ['GET', `${URL}/${SEED_ID}`, undefined],
    ['POST', URL, valid],
    ['PUT', `${URL}/${SEED_ID}`, valid],
    ['DELETE', `${URL}/${SEED_ID}`, undefined],
  ] as const;

  it.each(calls)('%s %s: manager and staff -403, no token -401', async (method, url, payload) => {
    for (const who of ['manager', 'staff'] as const) {
      expect(await as[who].call(method, url, payload)).toMatchObject({
        msgCode: MsgCode.forbidden,
        errMsg: '无权访问',
      });
    }
    expect((await as.none.call(method, url, payload)).msgCode).toBe(MsgCode.notLoggedIn);
  });

  it('the refused calls changed nothing; the public newest needs no token', async () => {
    expect((await list()).dataList.map((r) => r.id)).toEqual([SEED_ID]);
    expect((await newest()).name).toBe('旧版本');
  });
});
