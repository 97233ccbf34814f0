/**
 * 公司大屏 (/screen/company): its projects, each placed on the shipped map by its area code (the district of a
 * municipality, else the city, else the province), with the counts above the map; the map outlines themselves
 * (the country with Taiwan, Hong Kong and Macau; a province; nothing else); the modules' figures per project
 * (GET /api/data/<collection>/by-project). A caller sees only the projects of their scope, figures included, and a
 * hazard written announces itself on the event stream (`safety.hazard`) once committed.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PortalEvent } from '../../src/server/events/event-bus.js';
import { useCallers, type Caller } from './admin-helpers.js';
import { addOutsiderProject, OTHER_COMPANY_PROJECT } from './outsider-project.js';
import { useTestApp } from './test-app.js';

const t = useTestApp();
const who = useCallers(t);

interface ScreenProject {
  id: string;
  name: string;
  status: string;
  provinceCode: string;
  provinceName: string;
  lng: number | null;
  lat: number | null;
  openAlerts: number;
}
interface CompanyProjects {
  company: string;
  total: number;
  active: number;
  provinces: number;
  openAlerts: number;
  projects: ScreenProject[];
  byProvince: { name: string; code: string; value: number }[];
}
interface Figure {
  name: string;
  value: number;
  series?: string;
}
interface Outlines {
  type: string;
  features: { properties: { name: string; adcode: string; cp: [number, number] }; geometry: { type: string } }[];
}

async function ok<T>(caller: Caller, method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const answer = await caller.call<T>(method, url, body);
  expect(answer.msgCode, `${method} ${url}: ${answer.errMsg}`).toBe(0);
  return answer.data as T;
}

const DEMO_NAMES = ['城市快速路改造工程', '沿海高速公路工程', '滨江花园住宅工程'];

beforeAll(async () => {
  await addOutsiderProject(t.db);
  // Another company's project in Beijing's 朝阳区: the admin sees it on the map, the demo company's people never.
  await t.db.updateTable('project').set({ area_code: '110105' }).where('id', '=', OTHER_COMPANY_PROJECT).execute();
});

describe('the projects on the company screen', () => {
  it("places each of the caller's projects by its area code, and counts them", async () => {
    const screen = await ok<CompanyProjects>(who.manager, 'GET', '/api/zhgd/companyScreen/projects');
    expect(screen.company).toBe('中建智慧建设集团有限公司');
    expect(screen.projects.map((project) => project.name).sort()).toEqual([...DEMO_NAMES].sort());
    expect(screen).toMatchObject({ total: 3, active: 3, provinces: 3 });
    const byId = new Map(screen.projects.map((project) => [project.id, project]));
    // 330108 滨江区 -> 杭州市's point in Zhejiang; 440305 南山区 -> 深圳市; 350211 集美区 -> 厦门市.
    expect(byId.get('project-binjiang')).toMatchObject({ provinceCode: '330000', provinceName: '浙江' });
    expect(byId.get('project-binjiang')!.lng).toBeCloseTo(119.53, 1);
    expect(byId.get('project-binjiang')!.lat).toBeCloseTo(29.88, 1);
    expect(byId.get('project-expressway')).toMatchObject({ provinceCode: '440000', provinceName: '广东' });
    expect(byId.get('project-expressway')!.lng).toBeGreaterThan(113.5);
    expect(byId.get('project-expressway')!.lat).toBeLessThan(23);
    expect(byId.get('project-highway')).toMatchObject({ provinceCode: '350000', provinceName: '福建' });
    expect(screen.byProvince.map((row) => row.name).sort()).toEqual(['广东', '浙江', '福建']);
  });

  it('shows an administrator every company, a project without a place unplaced', async () => {
    const screen = await ok<CompanyProjects>(who.admin, 'GET', '/api/zhgd/companyScreen/projects');
    expect(screen.company).toBe('全部公司');
    const outsider = screen.projects.find((project) => project.id === OTHER_COMPANY_PROJECT);
    // A district of a municipality is on the map itself (朝阳区's own point).
    expect(outsider).toMatchObject({ provinceCode: '110000', provinceName: '北京' });
    expect(outsider!.lng).toBeCloseTo(116.5, 0);
    await t.db.updateTable('project').set({ area_code: null }).where('id', '=', OTHER_COMPANY_PROJECT).execute();
    const unplaced = await ok<CompanyProjects>(who.admin, 'GET', '/api/zhgd/companyScreen/projects');
    expect(unplaced.projects.find((project) => project.id === OTHER_COMPANY_PROJECT)).toMatchObject({
      provinceCode: '',
      lng: null,
      lat: null,
    });
    expect(unplaced.provinces).toBe(3);
    await t.db.updateTable('project').set({ area_code: '110105' }).where('id', '=', OTHER_COMPANY_PROJECT).execute();
  });

  it('refuses a caller who is not logged in', async () => {
    expect((await who.none.call('GET', '/api/zhgd/companyScreen/projects')).msgCode).toBe(-401);
  });
});

describe('the map outlines', () => {
  it('ships the country with Taiwan, Hong Kong and Macau, each with its area code', async () => {
    const china = await ok<Outlines>(who.none, 'GET', '/api/pub/geo/100000');
    expect(china.type).toBe('FeatureCollection');
    expect(china.features).toHaveLength(34);
    const codes = new Map(china.features.map((feature) => [feature.properties.name, feature.properties.adcode]));
    expect(codes.get('台湾')).toBe('710000');
    expect(codes.get('香港')).toBe('810000');
    expect(codes.get('澳门')).toBe('820000');
    expect(codes.get('海南')).toBe('460000');
  });

  it("ships a province's cities, and nothing for another code", async () => {
    const zhejiang = await ok<Outlines>(who.none, 'GET', '/api/pub/geo/330000');
    expect(zhejiang.features.map((feature) => feature.properties.name)).toContain('杭州市');
    expect(zhejiang.features.every((feature) => feature.properties.adcode.startsWith('33'))).toBe(true);
    expect((await who.none.call('GET', '/api/pub/geo/330100')).msgCode).toBe(-404);
    expect((await who.none.call('GET', '/api/pub/geo/999999')).msgCode).toBe(-404);
    const bad = await who.none.call('GET', '/api/pub/geo/china');
    expect(bad.msgCode).toBe(-400);
    expect(bad.errMsg).toBe('地图编码为6位数字');
  });
});

describe("the modules' figures per project", () => {
  const hazards = (caller: Caller) => ok<Figure[]>(caller, 'GET', '/api/data/safety-hazard/by-project?status=pending');

  it("counts within the caller's projects only, every project once", async () => {
    // An open hazard of the other company's project: it must not reach the demo company's figures.
    await sql`insert into c_safety_hazard (id, project_id, status, description, category, level, location, deadline,
      responsible_id, reviewer_id, photos)
      values ('hazard-outsider', ${OTHER_COMPANY_PROJECT}, 'pending', '外单位隐患', 'fall', 'general', '外单位', '2026-12-31',
      'user-admin', 'user-admin', '[]'::jsonb)`.execute(t.db);
    const figures = await hazards(who.manager);
    expect(figures.map((row) => row.name).sort()).toEqual([...DEMO_NAMES].sort());
    const admin = await hazards(who.admin);
    expect(admin.find((row) => row.name === '外单位项目')?.value).toBe(1);
    // The same count as each project's own aggregate.
    const own = await ok<Figure[]>(who.manager, 'GET', '/api/data/safety-hazard/aggregate?projectId=project-binjiang');
    expect(figures.find((row) => row.name === '滨江花园住宅工程')?.value).toBe(
      own.find((row) => row.name === '待整改')?.value ?? 0,
    );
  });

  it('sums several fields as one series each', async () => {
    const output = await ok<Figure[]>(
      who.manager,
      'GET',
      '/api/data/economics-output/by-project?op=sum&fields=planned,actual',
    );
    expect(output).toHaveLength(6);
    expect(new Set(output.map((row) => row.series))).toEqual(new Set(['计划产值（元）', '实际产值（元）']));
    expect(output.every((row) => row.value >= 0)).toBe(true);
  });

  it('refuses a sum without fields, of a field the collection lacks and of a text', async () => {
    const noFields = await who.manager.call('GET', '/api/data/economics-output/by-project?op=sum');
    expect(noFields).toMatchObject({ msgCode: -400, errMsg: '请指定合计的字段' });
    const unknown = await who.manager.call('GET', '/api/data/economics-output/by-project?op=sum&fields=salary');
    expect(unknown).toMatchObject({ msgCode: -400, errMsg: '没有可合计的数值字段 salary' });
    const text = await who.manager.call('GET', '/api/data/economics-output/by-project?op=sum&fields=planned,month');
    expect(text).toMatchObject({ msgCode: -400, errMsg: '没有可合计的数值字段 month' });
    // A moment that is none is refused before it reaches the database (as on a project's own aggregate).
    for (const url of [
      '/api/data/iot-warning/by-project?openedAtFrom=3.5',
      '/api/data/iot-warning/aggregate?projectId=project-binjiang&openedAtFrom=3.5',
    ])
      expect(await who.manager.call('GET', url)).toMatchObject({
        msgCode: -400,
        errMsg: '告警时间应为日期或时间，如 2026-03-01',
      });
    const day = await who.manager.call<Figure[]>('GET', '/api/data/iot-warning/by-project?openedAtFrom=2026-01-01');
    expect(day.msgCode).toBe(0);
  });

  it('announces a hazard written, once it is committed, and counts it', async () => {
    const before = (await hazards(who.manager)).find((row) => row.name === '滨江花园住宅工程')!.value;
    const heard: PortalEvent[] = [];
    const detach = t.app.services.events.attach({
      userId: 'user-manager',
      topics: new Set(['all']),
      send: (_id, event) => void heard.push(event),
    });
    try {
      await ok(who.admin, 'POST', '/api/data/safety-hazard', {
        projectId: 'project-binjiang',
        description: '公司大屏隐患统计测试',
        category: 'fall',
        level: 'general',
        location: '5号楼9层东侧临边',
        photos: ['/api/zhgd/base/file/09039bd1628a3c1b25fda3134a4fe050.jpg'],
        responsibleId: 'user-staff',
        reviewerId: 'user-manager',
        deadline: '2026-12-31',
      });
      await expect
        .poll(() => heard.filter((event) => event.type === 'safety.hazard'))
        .toEqual([{ type: 'safety.hazard', data: { projectId: 'project-binjiang' } }]);
    } finally {
      detach();
    }
    const after = (await hazards(who.manager)).find((row) => row.name === '滨江花园住宅工程')!.value;
    expect(after).toBe(before + 1);
  });
});
