/**
 * GB 1589-2016 in the weighbridge module: a weighing records the truck's axles (车型轴数), and no demo weighing's gross
 * weight is over the limit of its axles but the one outgoing truck per site that shows the 出场超载 flag (货车 of 2, 3, 4 axles 18, 25, 31 t; 汽车列车 of 5 and 6 axles 43, 49 t); a
 * truck of the demo fleet keeps its axles from one weighing to the next.
 */
import { describe, expect, it } from 'vitest';
import { useCallers, type PageData } from './admin-helpers.js';
import { useTestApp } from './test-app.js';

type Row = Record<string, unknown> & { id: string };

const t = useTestApp();
const who = useCallers(t);
const PROJECTS = ['project-binjiang', 'project-expressway', 'project-highway'];
/** GB 1589-2016 4.3: 车货总质量 limits (t) by axles. */
const LIMIT: Record<number, number> = { 2: 18, 3: 25, 4: 31, 5: 43, 6: 49 };

async function weighings(projectId: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (let pageNo = 1; ; pageNo += 1) {
    const page = await who.manager.call<PageData<Row>>(
      'GET',
      `/api/data/weighbridge-record?projectId=${projectId}&pageNo=${pageNo}&pageSize=100`,
    );
    expect(page.msgCode, page.errMsg).toBe(0);
    rows.push(...page.data!.dataList);
    if (rows.length >= page.data!.total || page.data!.dataList.length === 0) return rows;
  }
}

describe('GB 1589-2016 gross weight limits', () => {
  it('keeps every demo weighing within the limit of its axles, each truck with the same axles', async () => {
    for (const project of PROJECTS) {
      const rows = await weighings(project);
      expect(rows.length).toBeGreaterThan(100);
      const axlesOf = new Map<string, number>();
      let overloaded = 0;
      for (const row of rows) {
        const axles = Number(row.axles);
        expect(LIMIT[axles], `${row.id}: ${String(row.axles)}`).toBeDefined();
        // The one overloaded truck of each site is an outgoing one, and it carries its 出场超载 flag.
        if (row.grossWeight !== undefined && row.grossWeight !== null && Number(row.grossWeight) > LIMIT[axles]) {
          expect(row, `${row.id} ${String(row.plateNo)} ${axles} 轴`).toMatchObject({ direction: 'out' });
          expect(String(row.cheatFlags), String(row.id)).toContain('overload');
          overloaded += 1;
        }
        const plate = String(row.plateNo);
        expect(axlesOf.get(plate) ?? axles, plate).toBe(axles);
        axlesOf.set(plate, axles);
      }
      expect(overloaded, project).toBe(1);
      // Both the four-axle trucks (31 t) and the six-axle trains (49 t) come to every site.
      expect(new Set(axlesOf.values())).toEqual(new Set([4, 6]));
    }
  });

  it('records the axles of a weighing with the limit in its label, and refuses axles no truck has', async () => {
    const base = {
      projectId: 'project-highway',
      plateNo: '闽D66881',
      material: 'rebar',
      direction: 'in',
      weighDate: '2026-03-02',
      grossWeight: 48.6,
      tareWeight: 16.2,
    };
    const created = await who.staff.call<Row>('POST', '/api/data/weighbridge-record', { ...base, axles: 6 });
    expect(created.msgCode, created.errMsg).toBe(0);
    expect(created.data).toMatchObject({ axles: 6, axlesLabel: '六轴及以上汽车列车（总质量限值49吨）' });
    const four = await who.staff.call<Row>('POST', '/api/data/weighbridge-record', {
      ...base,
      plateNo: '闽D66882',
      axles: 4,
      grossWeight: 30.5,
      tareWeight: 14.5,
    });
    expect(four.data).toMatchObject({ axlesLabel: '四轴货车（总质量限值31吨）' });
    const seven = await who.staff.call('POST', '/api/data/weighbridge-record', { ...base, axles: 7 });
    expect(seven).toMatchObject({ msgCode: -400, errMsg: '请选择车型轴数' });
  });
});
