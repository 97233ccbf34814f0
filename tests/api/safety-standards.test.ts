/**
 * The safety module's rules against the standards' text: every JGJ 59-2011 checklist item cites the clause of its
 * own check table (chapter 3: 3.1 安全管理 ... 3.16 塔式起重机与起重吊装, 3.17 施工机具; x.x.3 保证项目, x.x.4 一般项目),
 * the hazard categories are GB 6441-1986's twenty accident categories and nothing else, every demo record uses one
 * of them, and 三级安全教育 takes the 15 + 15 + 20 学时 of 建教〔1997〕83号.
 */
import { describe, expect, it } from 'vitest';
import { useCallers, type PageData } from './admin-helpers.js';
import { PROJECT } from './safety-helpers.js';
import { useTestApp } from './test-app.js';

type Row = Record<string, unknown> & { id: string };

const t = useTestApp();
const who = useCallers(t);

/** GB 6441-1986 企业职工伤亡事故分类, in the standard's order. */
const GB6441 = [
  '物体打击',
  '车辆伤害',
  '机械伤害',
  '起重伤害',
  '触电',
  '淹溺',
  '灼烫',
  '火灾',
  '高处坠落',
  '坍塌',
  '冒顶片帮',
  '透水',
  '放炮',
  '火药爆炸',
  '瓦斯爆炸',
  '锅炉爆炸',
  '容器爆炸',
  '其它爆炸',
  '中毒和窒息',
  '其它伤害',
];

/** JGJ 59-2011 chapter 3: the section of each check table the demo checklists use. */
const SECTIONS: Record<string, string> = {
  安全管理: '3.1',
  文明施工: '3.2',
  扣件式钢管脚手架: '3.3',
  基坑工程: '3.11',
  模板支架: '3.12',
  高处作业: '3.13',
  施工用电: '3.14',
  物料提升机与施工升降机: '3.15',
  塔式起重机: '3.16',
  施工机具: '3.17',
};

async function all(collection: string, projectId = PROJECT): Promise<Row[]> {
  const rows: Row[] = [];
  for (let pageNo = 1; ; pageNo += 1) {
    const page = await who.manager.call<PageData<Row>>(
      'GET',
      `/api/data/${collection}?projectId=${projectId}&pageNo=${pageNo}&pageSize=100`,
    );
    expect(page.msgCode, page.errMsg).toBe(0);
    rows.push(...page.data!.dataList);
    if (rows.length >= page.data!.total || page.data!.dataList.length === 0) return rows;
  }
}

async function categories(): Promise<{ label: string; value: string }[]> {
  const answer = await who.manager.call<never>('GET', '/api/system/dictionary/hazard_category/list');
  expect(answer.msgCode, answer.errMsg).toBe(0);
  return (answer.item as { dictionaryList: { label: string; value: string }[] }).dictionaryList;
}

describe('JGJ 59-2011 checklist clauses', () => {
  it('cites the clause of its own table for every demo item: 塔式起重机 3.16, 施工机具 3.17', async () => {
    const items = await all('safety-checklist-item');
    expect(items.length).toBeGreaterThan(30);
    for (const item of items) {
      const section = SECTIONS[String(item.section)];
      expect(section, `no JGJ 59 table for ${String(item.section)}`).toBeDefined();
      expect(item.standard).toMatch(new RegExp(`^JGJ 59-2011 第${section.replace('.', '\\.')}\\.[34]条$`));
    }
    const cited = (section: string) => new Set(items.filter((i) => i.section === section).map((i) => i.standard));
    expect(cited('塔式起重机')).toEqual(new Set(['JGJ 59-2011 第3.16.3条']));
    expect(cited('施工机具')).toEqual(new Set(['JGJ 59-2011 第3.17.3条']));
    expect(cited('物料提升机与施工升降机')).toEqual(new Set(['JGJ 59-2011 第3.15.3条']));
    // 基坑监测 is a 一般项目 of the 基坑工程 table.
    const monitoring = items.find((i) => String(i.content).includes('沉降监测'));
    expect(monitoring?.standard).toBe('JGJ 59-2011 第3.11.4条');
  });
});

describe('hazard categories (GB 6441-1986)', () => {
  it("are the standard's twenty accident categories in its order, without 文明施工", async () => {
    const list = await categories();
    expect(list.map((entry) => entry.label)).toEqual(GB6441);
    expect(list.map((entry) => entry.label)).not.toContain('文明施工');
  });

  it('are the only ones the demo checklists, inspections and hazards use', async () => {
    const values = new Set((await categories()).map((entry) => entry.value));
    for (const project of ['project-binjiang', 'project-expressway', 'project-highway'])
      for (const collection of ['safety-checklist-item', 'safety-inspection-item', 'safety-hazard']) {
        const rows = await all(collection, project);
        expect(rows.length).toBeGreaterThan(0);
        const strays = rows.filter((row) => !values.has(String(row.category)));
        expect(strays.map((row) => `${collection} ${row.id}: ${String(row.category)}`)).toEqual([]);
        expect(rows.every((row) => GB6441.includes(String(row.categoryLabel)))).toBe(true);
      }
  });
});

describe('三级安全教育 (建教〔1997〕83号)', () => {
  it('takes 50 学时: 公司级 15, 项目级 15, 班组级 20', async () => {
    const courses = await all('safety-course');
    const level3 = courses.filter((course) => course.courseType === 'level3');
    expect(level3.length).toBeGreaterThan(0);
    for (const course of level3) {
      expect(course.hours).toBe(50);
      expect(course.content).toMatch(/公司级（不少于15学时[\s\S]*项目级（不少于15学时[\s\S]*班组级（不少于20学时/);
    }
  });
});
