/**
 * The labour module's rules against the facts they follow: every mobile prefix in use (13x to 19x, 166, 191 and 199
 * included) passes the worker form; a demo worker's name goes with the sex of the ID number (17th digit odd: male);
 * sites work weekends, so the demo attendance covers every day of the week with rest days; an electrician's special
 * operation is 建筑电工 (建质〔2008〕75号).
 */
import { describe, expect, it } from 'vitest';
import { chinaDate } from '../../src/server/module-api.js';
import { useCallers, type PageData } from './admin-helpers.js';
import { idNumber, useTestApp } from './test-app.js';

type Row = Record<string, unknown> & { id: string };

const t = useTestApp();
const who = useCallers(t);
const PROJECTS = ['project-binjiang', 'project-expressway', 'project-highway'];
/** The demo's women's given names: a name ending in one of these belongs to a woman. */
const WOMEN = ['秀英', '桂兰', '丽娟', '玉梅', '春花', '秀珍', '美玲', '翠萍', '红梅', '淑芬'];
/** 建筑施工特种作业 of 建质〔2008〕75号. */
const BUILDING_SPECIAL_OPERATIONS = [
  '建筑电工',
  '建筑架子工',
  '建筑起重信号司索工',
  '建筑起重机械司机',
  '建筑起重机械安装拆卸工',
  '高处作业吊篮安装拆卸工',
];

async function workersOf(projectId: string, filter = ''): Promise<Row[]> {
  const rows: Row[] = [];
  for (let pageNo = 1; ; pageNo += 1) {
    const page = await who.manager.call<PageData<Row>>(
      'GET',
      `/api/data/labour-worker?projectId=${projectId}&pageNo=${pageNo}&pageSize=100${filter}`,
    );
    expect(page.msgCode, page.errMsg).toBe(0);
    rows.push(...page.data!.dataList);
    if (rows.length >= page.data!.total || page.data!.dataList.length === 0) return rows;
  }
}

describe('worker phone numbers', () => {
  it('accepts every mobile prefix in use, 166, 191 and 199 among them, and refuses what is no mobile number', async () => {
    const phones = ['13012345678', '14512345678', '16612345678', '17712345678', '19112345678', '19912345678'];
    for (const [index, phone] of phones.entries()) {
      const created = await who.manager.call<Row>('POST', '/api/data/labour-worker', {
        projectId: 'project-highway',
        name: `号段测试${index}`,
        idCardNumber: idNumber('19850612', String(311 + index * 2), '510102'),
        phone,
        team: '号段测试班',
        trade: 'labourer',
        entryDate: '2026-11-02',
      });
      expect(created.msgCode, `${phone}: ${created.errMsg}`).toBe(0);
    }
    for (const phone of ['12012345678', '10012345678', '1661234567', '166123456789']) {
      const refused = await who.manager.call('POST', '/api/data/labour-worker', {
        projectId: 'project-highway',
        name: '号段错误',
        idCardNumber: idNumber('19850612', '399', '510102'),
        phone,
        team: '号段测试班',
        trade: 'labourer',
        entryDate: '2026-11-02',
      });
      expect(refused, phone).toMatchObject({ msgCode: -400, errMsg: '手机号格式不正确' });
    }
  });
});

describe('the demo workers', () => {
  it("have names that go with their ID number's sex, and mobile numbers of real prefixes", async () => {
    let women = 0;
    for (const project of PROJECTS)
      for (const worker of await workersOf(project)) {
        const id = String(worker.idCardNumber);
        const male = Number(id[16]) % 2 === 1;
        const womanName = WOMEN.some((given) => String(worker.name).endsWith(given));
        expect(womanName, `${String(worker.name)} ${id}`).toBe(!male);
        if (!male) women += 1;
        expect(String(worker.phone)).toMatch(/^1[3-9]\d{9}$/);
      }
    expect(women).toBeGreaterThan(0);
  });

  it('hold 建筑电工 as electricians, and the building special operations of 建质〔2008〕75号', async () => {
    const electricians = await workersOf('project-binjiang', '&trade=electrician');
    expect(electricians.length).toBeGreaterThan(0);
    for (const worker of electricians) expect(worker.certName).toBe('建筑电工');
    const held = new Set<string>();
    for (const project of PROJECTS)
      for (const worker of await workersOf(project)) if (worker.certName) held.add(String(worker.certName));
    expect(held.has('低压电工作业')).toBe(false);
    // Every certificate is a building special operation, or the welders' 焊接与热切割作业 of the safety authority.
    for (const name of held)
      expect(
        name === '焊接与热切割作业' || BUILDING_SPECIAL_OPERATIONS.some((operation) => name.startsWith(operation)),
        name,
      ).toBe(true);
  });
});

describe('the demo attendance', () => {
  it('runs on every day of the week, weekends included, with rest days and days the site stood still', async () => {
    const from = chinaDate(new Date(Date.now() - 56 * 86_400_000));
    const yesterday = chinaDate(new Date(Date.now() - 86_400_000));
    for (const project of PROJECTS) {
      const answer = await who.manager.call<{ name: string; value: number }[]>(
        'GET',
        `/api/data/labour-attendance/aggregate?projectId=${project}&op=count&bucket=day&dateField=date` +
          `&dateFrom=${from}&dateTo=${yesterday}`,
      );
      expect(answer.msgCode, answer.errMsg).toBe(0);
      const byDay = new Map(answer.data!.map((row) => [row.name.slice(0, 10), row.value]));
      const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
      const days: string[] = [];
      for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${yesterday}T00:00:00Z`); at += 86_400_000)
        days.push(new Date(at).toISOString().slice(0, 10));
      const worked = days.filter((day) => (byDay.get(day) ?? 0) > 0);
      // Saturdays and Sundays are working days on a site.
      const weekend = worked.filter((day) => weekday(day) === 0 || weekday(day) === 6);
      expect(weekend.length, project).toBeGreaterThanOrEqual(12);
      // A day or two the whole site stood still (rain), no more.
      expect(days.length - worked.length, project).toBeGreaterThanOrEqual(1);
      expect(days.length - worked.length, project).toBeLessThanOrEqual(3);
      // About as many people on a Sunday as on a Wednesday: rest days are spread, not a weekend off.
      const mean = (of: string[]) => of.reduce((sum, day) => sum + (byDay.get(day) ?? 0), 0) / of.length;
      const sundays = worked.filter((day) => weekday(day) === 0);
      const wednesdays = worked.filter((day) => weekday(day) === 3);
      expect(mean(sundays) / mean(wednesdays), project).toBeGreaterThan(0.8);
      expect(mean(sundays) / mean(wednesdays), project).toBeLessThan(1.25);
    }
  });
});
