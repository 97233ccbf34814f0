/**
 * Pile limits by the standard that governs the pile: a hand-dug pile (人工挖孔灌注桩) is out of plumb past 0.5 %
 * (JGJ 94-2008 table 6.2.4, GB 50202-2018), a drilled one past 1 %; a highway bridge pile's sediment follows
 * JTG/T 3650-2020 (支承桩 50 mm; 摩擦桩 200 mm up to 1.5 m across, 300 mm past 1.5 m, 40 m long or in poor soil), not
 * JGJ 94's 50/100/200 mm of building piles; the demo's highway piles take the bridge bearing types.
 */
import { describe, expect, it } from 'vitest';
import { useCallers, type PageData } from './admin-helpers.js';
import { useTestApp } from './test-app.js';

type Row = Record<string, unknown> & { id: string };

const t = useTestApp();
const who = useCallers(t);
const PROJECT = 'project-expressway';

let serial = 0;
async function pile(overrides: Record<string, unknown>): Promise<Row> {
  serial += 1;
  const created = await who.staff.call<Row>('POST', '/api/data/pile', {
    projectId: PROJECT,
    pileNo: `STD-${String(serial).padStart(3, '0')}`,
    zone: '5号墩',
    pileType: 'bored',
    designLength: 45,
    diameter: 1200,
    designCapacity: 6000,
    holeDepth: 45.8,
    concreteVolume: 60.2,
    sedimentThickness: 40,
    verticalityDeviation: 0.4,
    bearingType: 'friction',
    status: 'pending',
    ...overrides,
  });
  expect(created.msgCode, created.errMsg).toBe(0);
  return created.data as Row;
}

const issues = (row: Row) => (row.qualityIssues ?? null) as string | null;

describe('verticality', () => {
  it('allows a hand-dug pile 0.5 % and a drilled one 1 %', async () => {
    expect(issues(await pile({ pileType: 'hand-dug', verticalityDeviation: 0.5 }))).toBeNull();
    expect(issues(await pile({ pileType: 'hand-dug', verticalityDeviation: 0.7 }))).toBe(
      '垂直度偏差 0.7% 大于人工挖孔桩的 0.5%',
    );
    expect(issues(await pile({ pileType: 'bored', verticalityDeviation: 0.7 }))).toBeNull();
    expect(issues(await pile({ pileType: 'rotary', verticalityDeviation: 1.2 }))).toBe('垂直度偏差 1.2% 大于 1%');
  });
});

describe('sediment of highway bridge piles (JTG/T 3650-2020)', () => {
  it('allows a 摩擦桩 200 mm up to 1.5 m across and 300 mm past it, a 支承桩 50 mm', async () => {
    const friction = await pile({ bearingType: 'bridge-friction', sedimentThickness: 150 });
    expect(friction.bearingTypeLabel).toBe('公路桥涵摩擦桩（桩径≤1.5m且桩长≤40m）');
    // 150 mm is over JGJ 94's 100 mm for a building's friction pile, within JTG/T 3650's 200 mm.
    expect(issues(friction)).toBeNull();
    expect(issues(await pile({ bearingType: 'friction', sedimentThickness: 150 }))).toBe(
      '沉渣厚度 150 mm 大于摩擦型桩的 100 mm',
    );
    expect(issues(await pile({ bearingType: 'bridge-friction', sedimentThickness: 220 }))).toBe(
      '沉渣厚度 220 mm 大于公路桥涵摩擦桩（桩径≤1.5m）的 200 mm（JTG/T 3650）',
    );
    expect(
      issues(
        await pile({
          bearingType: 'bridge-friction-large',
          diameter: 1800,
          concreteVolume: 130,
          sedimentThickness: 280,
        }),
      ),
    ).toBeNull();
    expect(
      issues(
        await pile({
          bearingType: 'bridge-friction-large',
          diameter: 1800,
          concreteVolume: 130,
          sedimentThickness: 320,
        }),
      ),
    ).toBe('沉渣厚度 320 mm 大于公路桥涵摩擦桩（桩径>1.5m、桩长>40m或土质较差）的 300 mm（JTG/T 3650）');
    expect(issues(await pile({ bearingType: 'bridge-end', sedimentThickness: 60 }))).toBe(
      '沉渣厚度 60 mm 大于公路桥涵支承桩的 50 mm（JTG/T 3650）',
    );
  });

  it("gives the demo highway's bridge piles the bridge bearing types, the housing site's JGJ 94 ones", async () => {
    const list = async (project: string) => {
      const page = await who.manager.call<PageData<Row>>('GET', `/api/data/pile?projectId=${project}&pageSize=100`);
      expect(page.msgCode, page.errMsg).toBe(0);
      return page.data!.dataList;
    };
    const highway = new Set((await list('project-highway')).map((row) => String(row.bearingType)));
    expect([...highway].every((type) => type.startsWith('bridge-'))).toBe(true);
    expect(highway.has('bridge-end')).toBe(true);
    expect(highway.has('bridge-friction-large')).toBe(true);
    const housing = new Set((await list('project-binjiang')).map((row) => String(row.bearingType)));
    expect([...housing].some((type) => type.startsWith('bridge-'))).toBe(false);
  });
});
