/**
 * JGJ 59-2011 scoring on the server, against a worked example built from the standard's own tables: 表 B.1 安全管理
 * (six 保证项目 and four 一般项目 of 10 points), 表 B.2 文明施工 (the same split) and 表 B.13 高处作业 (ten items of 10
 * points, no 保证项目), weighed 10, 15 and 10 in 表 A 汇总表. With only these three lines checked the total is
 * converted over their 35 points (§4.0.1-5). Checked: 全部合格 for one table and for the rest, the 不涉及 conversion
 * (实得分 / 应得分 × 100), the 保证项目 rule (an item at 0, a 小计 under 40) and its 0 making the grade 不合格 whatever
 * the total, each grade boundary of §5.0.1 (80, 70), deductions refused outside the item's points, and a 不合格
 * item's own responsible person and deadline reaching its hazard.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useCallers, type Caller, type PageData } from './admin-helpers.js';
import { PROJECT } from './safety-helpers.js';
import { useTestApp } from './test-app.js';

type Row = Record<string, unknown> & { id: string; version: number };

const t = useTestApp();
const who = useCallers(t);

const TABLES: [table: string, items: [name: string, kind: 'guarantee' | 'general'][]][] = [
  [
    '安全管理',
    [
      ['安全生产责任制', 'guarantee'],
      ['施工组织设计及专项施工方案', 'guarantee'],
      ['安全技术交底', 'guarantee'],
      ['安全检查', 'guarantee'],
      ['安全教育', 'guarantee'],
      ['应急救援', 'guarantee'],
      ['分包单位安全管理', 'general'],
      ['持证上岗', 'general'],
      ['生产安全事故处理', 'general'],
      ['安全标志', 'general'],
    ],
  ],
  [
    '文明施工',
    [
      ['现场围挡', 'guarantee'],
      ['封闭管理', 'guarantee'],
      ['施工场地', 'guarantee'],
      ['材料管理', 'guarantee'],
      ['现场办公与住宿', 'guarantee'],
      ['现场防火', 'guarantee'],
      ['综合治理', 'general'],
      ['公示标牌', 'general'],
      ['生活设施', 'general'],
      ['社区服务', 'general'],
    ],
  ],
  [
    '高处作业',
    [
      ['安全帽', 'general'],
      ['安全网', 'general'],
      ['安全带', 'general'],
      ['临边防护', 'general'],
      ['洞口防护', 'general'],
      ['通道口防护', 'general'],
      ['攀登作业', 'general'],
      ['悬空作业', 'general'],
      ['移动式操作平台', 'general'],
      ['悬挑式物料钢平台', 'general'],
    ],
  ],
];

let templateId = '';

async function ok<T = Row>(caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<T> {
  const answer = await caller.call<T>(method, url, body);
  expect(answer.msgCode, `${method} ${url}: ${answer.errMsg}`).toBe(0);
  return answer.data as T;
}

beforeAll(async () => {
  const template = await ok(who.manager, 'POST', '/api/data/safety-checklist-template', {
    projectId: PROJECT,
    name: 'JGJ 59-2011 评分示例',
    inspectionType: 'monthly',
    basis: 'JGJ 59-2011',
  });
  templateId = template.id;
  let sort = 0;
  for (const [table, items] of TABLES)
    for (const [itemName, itemKind] of items) {
      sort += 1;
      await ok(who.manager, 'POST', '/api/data/safety-checklist-item', {
        projectId: PROJECT,
        templateId,
        section: table,
        itemName,
        itemKind,
        points: 10,
        content: `${itemName}：按评分表扣分标准检查`,
        category: 'other',
        sort,
      });
    }
});

interface Inspection {
  inspection: Row;
  items: Row[];
}

async function start(): Promise<Inspection> {
  const inspection = await ok(who.manager, 'POST', '/api/data/safety-inspection', {
    projectId: PROJECT,
    title: '月度安全检查评分',
    inspectionType: 'monthly',
    area: '全场',
    inspectorId: 'user-manager',
    inspectionDate: '2026-11-20',
    templateId,
  });
  const page = await ok<PageData<Row>>(
    who.manager,
    'GET',
    `/api/data/safety-inspection-item?projectId=${PROJECT}&inspectionId=${inspection.id}&pageSize=100&sort=sort`,
  );
  return { inspection, items: page.dataList };
}

const allPass = (inspectionId: string, table?: string) =>
  who.manager.call<{ judged: number }>(
    'POST',
    `/api/safety/v1.0/inspections/${inspectionId}/all-pass`,
    table ? { table } : {},
  );

function judge(item: Row, values: Record<string, unknown>) {
  return who.manager.call<Row>('PUT', `/api/data/safety-inspection-item/${item.id}`, {
    version: item.version,
    inspectionId: item.inspectionId,
    content: item.content,
    ...values,
  });
}

/** Reads the row again (all-pass moved its version) and judges it. */
async function set(item: Row, values: Record<string, unknown>): Promise<void> {
  const fresh = await ok(who.manager, 'GET', `/api/data/safety-inspection-item/${item.id}`);
  const answer = await judge(fresh, values);
  expect(answer.msgCode, answer.errMsg).toBe(0);
}

const deduct = (item: Row, deduction: number) =>
  set(item, {
    result: 'fail',
    deduction,
    level: 'general',
    photos: ['/api/zhgd/base/file/0cc175b9c0f1b6a831c399e269772661.jpg'],
    remark: '扣分',
  });

const row = (scored: Inspection, name: string): Row => {
  const found = scored.items.find((item) => item.itemName === name);
  if (!found) throw new Error(name);
  return found;
};

interface Score {
  tables: { table: string; score: number | null; applicable: number; earned: number; zeroReason: string | null }[];
  summary: { item: string; weight: number; tableScore: number | null; weighted: number | null }[];
  total: number | null;
  grade: string | null;
  gradeLabel: string | null;
  gradeReason: string | null;
}

const score = (inspection: Row) => ok<Score>(who.staff, 'GET', `/api/safety/v1.0/inspections/${inspection.id}/score`);

/** An inspection all 合格 but for the given deductions (item name → points taken). */
async function scored(deductions: Record<string, number>, na: string[] = []): Promise<Inspection> {
  const made = await start();
  expect((await allPass(made.inspection.id)).msgCode).toBe(0);
  for (const [name, points] of Object.entries(deductions)) await deduct(row(made, name), points);
  for (const name of na) await set(row(made, name), { result: 'na' });
  return made;
}

describe('JGJ 59-2011 scoring (§4.0.1, §5.0.1)', () => {
  it('copies each item with its points and kind; a row not yet judged loses nothing', async () => {
    const { inspection, items } = await start();
    expect(items).toHaveLength(30);
    expect(items[0]).toMatchObject({
      section: '安全管理',
      itemName: '安全生产责任制',
      itemKind: 'guarantee',
      itemKindLabel: '保证项目',
      points: 10,
    });
    expect(inspection).toMatchObject({ totalScore: 100, grade: 'excellent' });
  });

  it('全部合格 judges one table, then the rest, and grades 100 as 优良', async () => {
    const { inspection, items } = await start();
    const first = await allPass(inspection.id, '高处作业');
    expect(first.msgCode, first.errMsg).toBe(0);
    expect(first.data).toEqual({ judged: 10 });
    const page = await ok<PageData<Row>>(
      who.manager,
      'GET',
      `/api/data/safety-inspection-item?projectId=${PROJECT}&inspectionId=${inspection.id}&pageSize=100`,
    );
    expect(page.dataList.filter((item) => item.result === 'pass').map((item) => item.section)).toEqual(
      Array(10).fill('高处作业'),
    );
    await deduct(items[0], 3);
    expect((await allPass(inspection.id)).data).toEqual({ judged: 19 });
    const sheet = await score(inspection);
    expect(sheet.tables.map((table) => [table.table, table.score])).toEqual([
      ['安全管理', 97],
      ['文明施工', 100],
      ['高处作业', 100],
    ]);
    // A1 = B × C / 100; the total over the 35 points checked.
    expect(sheet.summary).toEqual([
      { item: '安全管理', weight: 10, tables: '安全管理', tableScore: 97, weighted: 9.7 },
      { item: '文明施工', weight: 15, tables: '文明施工', tableScore: 100, weighted: 15 },
      { item: '高处作业', weight: 10, tables: '高处作业', tableScore: 100, weighted: 10 },
    ]);
    expect(sheet).toMatchObject({ total: 99.14, grade: 'excellent', gradeLabel: '优良' });
    expect((await allPass(inspection.id, '施工用电')).errMsg).toBe('本次检查没有“施工用电”检查表');
  });

  it('converts a table with items 不涉及: 实得分 / 应得分 × 100', async () => {
    const made = await scored({ 临边防护: 8 }, ['移动式操作平台', '悬挑式物料钢平台']);
    const sheet = await score(made.inspection);
    expect(sheet.tables[2]).toMatchObject({ table: '高处作业', applicable: 80, earned: 72, score: 90 });
    const items = await ok<PageData<Row>>(
      who.manager,
      'GET',
      `/api/data/safety-inspection-item?projectId=${PROJECT}&inspectionId=${made.inspection.id}&pageSize=100`,
    );
    expect(items.dataList.find((item) => item.itemName === '临边防护')).toMatchObject({ deduction: 8, score: 2 });
    expect(items.dataList.find((item) => item.itemName === '移动式操作平台')).toMatchObject({
      result: 'na',
      resultLabel: '不涉及',
    });
    expect(items.dataList.find((item) => item.itemName === '移动式操作平台')?.score ?? null).toBeNull();
  });

  it('scores a table 0 when one 保证项目 has no points left, and grades 不合格 though the total is over 70', async () => {
    const made = await scored({ 安全教育: 10 });
    const sheet = await score(made.inspection);
    expect(sheet.tables[0]).toMatchObject({
      table: '安全管理',
      earned: 90,
      score: 0,
      zeroReason: '保证项目有1项未得分，本表不得分',
    });
    // (0 + 15 + 10) / 35 × 100 = 71.43: 合格 by the total, 不合格 by the table at 0 (§5.0.1-3).
    expect(sheet).toMatchObject({
      total: 71.43,
      grade: 'fail',
      gradeLabel: '不合格',
      gradeReason: '安全管理检查评分表得零分',
    });
    const read = await ok(who.manager, 'GET', `/api/data/safety-inspection/${made.inspection.id}`);
    expect(read).toMatchObject({ totalScore: 71.43, grade: 'fail', gradeLabel: '不合格' });
  });

  it('scores a table 0 when its 保证项目 小计 is under 40, though no item is at 0', async () => {
    const made = await scored({ 现场围挡: 4, 封闭管理: 4, 施工场地: 4, 材料管理: 4, 现场办公与住宿: 4, 现场防火: 4 });
    const sheet = await score(made.inspection);
    expect(sheet.tables[1]).toMatchObject({
      table: '文明施工',
      earned: 76,
      score: 0,
      zeroReason: '保证项目小计36分，不足40分，本表不得分',
    });
    expect(sheet.grade).toBe('fail');
  });

  it('grades 80 优良, under 80 合格, 70 合格 and under 70 不合格', async () => {
    const seventy = {
      分包单位安全管理: 10,
      持证上岗: 10,
      生产安全事故处理: 10,
      综合治理: 10,
      公示标牌: 10,
      生活设施: 10,
    };
    const height = { 安全帽: 10, 安全网: 10, 安全带: 10 };
    const cases: [deductions: Record<string, number>, total: number, grade: string][] = [
      [{ 分包单位安全管理: 10, 持证上岗: 10, 综合治理: 10, 公示标牌: 10, 安全帽: 10, 安全网: 10 }, 80, '优良'],
      [
        { 分包单位安全管理: 10, 持证上岗: 10, 综合治理: 10, 公示标牌: 10, 生活设施: 1, 安全帽: 10, 安全网: 10 },
        79.57,
        '合格',
      ],
      [{ ...seventy, ...height }, 70, '合格'],
      [{ ...seventy, 社区服务: 1, ...height }, 69.57, '不合格'],
    ];
    for (const [deductions, total, label] of cases) {
      const made = await scored(deductions);
      const sheet = await score(made.inspection);
      expect({ total: sheet.total, grade: sheet.gradeLabel }, JSON.stringify(deductions)).toEqual({
        total,
        grade: label,
      });
    }
  });

  it('refuses a deduction over the points, a 不合格 without one, and one on a 合格 or 不涉及 row', async () => {
    const { items } = await start();
    const failing = {
      result: 'fail',
      level: 'general',
      photos: ['/api/zhgd/base/file/0cc175b9c0f1b6a831c399e269772661.jpg'],
    };
    expect((await judge(items[0], { ...failing, deduction: 12 })).errMsg).toBe('扣分不能超过该项目的应得分值10分');
    expect((await judge(items[0], failing)).errMsg).toBe('不合格的评分项目请填写扣分');
    expect((await judge(items[0], { result: 'pass', deduction: 2 })).errMsg).toBe(
      '合格的项目不扣分；有扣分请判定为不合格',
    );
    expect((await judge(items[0], { result: 'na', deduction: 2 })).errMsg).toBe('不涉及的项目不扣分');
  });

  it("raises a 不合格 item's hazard with its own responsible person and deadline", async () => {
    const made = await scored({});
    await set(row(made, '安全帽'), {
      result: 'fail',
      deduction: 4,
      level: 'general',
      photos: ['/api/zhgd/base/file/17b9183a08e7111fc6a38a4354fa6e92.jpg'],
      remark: '2名工人未系下颌带',
      responsibleId: 'user-manager',
      deadline: '2026-11-22',
    });
    await set(row(made, '临边防护'), {
      result: 'fail',
      deduction: 6,
      level: 'major',
      photos: ['/api/zhgd/base/file/09039bd1628a3c1b25fda3134a4fe050.jpg'],
    });
    const inspection = await ok(who.manager, 'GET', `/api/data/safety-inspection/${made.inspection.id}`);
    const done = await who.manager.call<Row>('POST', `/api/data/safety-inspection/${inspection.id}/transition`, {
      action: 'complete',
      version: inspection.version,
      responsibleId: 'user-staff',
      rectifyDeadline: '2026-11-27',
    });
    expect(done.msgCode, done.errMsg).toBe(0);
    expect(done.data).toMatchObject({ hazardCount: 2, totalScore: 97.14, grade: 'excellent' });
    const hazards = await ok<PageData<Row>>(
      who.manager,
      'GET',
      `/api/data/safety-hazard?projectId=${PROJECT}&inspectionId=${inspection.id}&pageSize=10`,
    );
    const byPhoto = (photo: string) => hazards.dataList.find((hazard) => (hazard.photos as string[])[0] === photo);
    expect(byPhoto('/api/zhgd/base/file/17b9183a08e7111fc6a38a4354fa6e92.jpg')).toMatchObject({
      responsibleId: 'user-manager',
      deadline: '2026-11-22',
    });
    expect(byPhoto('/api/zhgd/base/file/09039bd1628a3c1b25fda3134a4fe050.jpg')).toMatchObject({
      responsibleId: 'user-staff',
      deadline: '2026-11-27',
      level: 'major',
      levelLabel: '重大事故隐患',
    });
    expect((await allPass(inspection.id)).errMsg).toBe('检查已完成，检查项不能再修改');
  });
});
