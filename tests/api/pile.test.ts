/**
 * 桩基质量 (module pile): pile records through the collection API (the file's rules and messages, the unique pile
 * number, Ⅲ/Ⅳ class piles flagged at write, the theoretical volume, the filling coefficient and the out-of-range
 * reasons computed at write), the statistics' figures and aggregates, and the project scope.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useCallers, type PageData } from './admin-helpers.js';
import { addOutsiderProject, OTHER_COMPANY_PROJECT } from './outsider-project.js';
import { useTestApp } from './test-app.js';

const PROJECT = 'project-expressway';

type Row = Record<string, unknown> & { id: string; version: number };

const t = useTestApp();
const who = useCallers(t);

beforeAll(async () => {
  await addOutsiderProject(t.db);
});

function pile(overrides: Record<string, unknown> = {}) {
  return {
    projectId: PROJECT,
    pileNo: 'QZ-001',
    zone: '3号墩',
    pileType: 'bored',
    designLength: 45,
    diameter: 1200,
    designCapacity: 6000,
    constructedDate: '2026-03-01',
    holeDepth: 45.8,
    sedimentThickness: 40,
    concreteVolume: 60.2,
    bearingType: 'friction',
    verticalityDeviation: 0.4,
    status: 'pending',
    ...overrides,
  };
}

describe('piles', () => {
  it('stores a pile, and flags it once its low-strain class is Ⅲ or Ⅳ', async () => {
    const created = await who.staff.call<Row>('POST', '/api/data/pile', pile());
    expect(created.msgCode, created.errMsg).toBe(0);
    // Ø1200 over the 45.8 m hole: π · 0.6² · 45.8 = 51.799 m³; 60.2 m³ poured is a filling coefficient of 1.16.
    expect(created.data).toMatchObject({
      pileTypeLabel: '钻孔灌注桩',
      statusLabel: '待检测',
      defective: false,
      bearingTypeLabel: '摩擦型桩',
      theoreticalVolume: 51.799,
      fillingCoefficient: 1.16,
    });
    // A pile within every limit has no reasons (an empty field is left out of a read).
    expect(created.data?.qualityIssues ?? null).toBeNull();
    const row = created.data as Row;
    const tested = await who.staff.call<Row>('PUT', `/api/data/pile/${row.id}`, {
      ...pile({ integrityClass: 'III', integrityTestDate: '2026-03-20', status: 'unqualified' }),
      version: row.version,
    });
    expect(tested.msgCode, tested.errMsg).toBe(0);
    expect(tested.data).toMatchObject({ integrityClassLabel: 'Ⅲ类桩', defective: true, statusLabel: '不合格' });
    const flagged = await who.staff.call<PageData<Row>>('GET', `/api/data/pile?projectId=${PROJECT}&defective=true`);
    expect(flagged.data?.dataList.map((r) => r.pileNo)).toEqual(['QZ-001']);
  });

  it("refuses a duplicate pile number and bad values with the file's messages", async () => {
    const again = await who.staff.call('POST', '/api/data/pile', pile());
    expect(again).toMatchObject({ msgCode: -409, errMsg: '该项目已有这个桩号' });
    const empty = await who.staff.call<{ errors: { message: string }[] }>('POST', '/api/data/pile', {
      projectId: PROJECT,
    });
    expect(empty.msgCode).toBe(-400);
    expect((empty.data?.errors ?? []).map((error) => error.message)).toEqual(
      expect.arrayContaining(['请输入桩号', '请选择桩型', '请输入设计桩长', '请输入桩径', '请输入设计承载力特征值']),
    );
    const bad = await who.staff.call('POST', '/api/data/pile', pile({ pileNo: 'QZ-002', diameter: 1200.5 }));
    expect(bad).toMatchObject({ msgCode: -400, errMsg: '桩径必须是整数（毫米）' });
    const klass = await who.staff.call('POST', '/api/data/pile', pile({ pileNo: 'QZ-003', integrityClass: 'V' }));
    expect(klass).toMatchObject({ msgCode: -400, errMsg: '请选择完整性类别' });
  });

  it('counts piles by class, the pass rate and the static load tests below design', async () => {
    const add = async (pileNo: string, extra: Record<string, unknown>) => {
      const made = await who.staff.call('POST', '/api/data/pile', pile({ pileNo, ...extra }));
      expect(made.msgCode, made.errMsg).toBe(0);
    };
    await add('QZ-010', { integrityClass: 'I', status: 'qualified', staticCapacity: 6200 });
    await add('QZ-011', { integrityClass: 'I', status: 'qualified' });
    await add('QZ-012', { integrityClass: 'II', status: 'qualified', staticCapacity: 5800 });
    const summary = await who.manager.call<Record<string, unknown>>(
      'GET',
      `/api/pile/v1.0/summary?projectId=${PROJECT}`,
    );
    expect(summary.msgCode, summary.errMsg).toBe(0);
    expect(summary.data).toEqual({
      total: 4,
      tested: 4,
      classI: 2,
      classII: 1,
      defective: 1,
      passRate: 75,
      staticTested: 2,
      staticShort: 1,
      outOfRange: 0,
    });
    const byClass = await who.manager.call<{ name: string; value: number }[]>(
      'GET',
      `/api/data/pile/aggregate?projectId=${PROJECT}&groupBy=integrityClass`,
    );
    expect(byClass.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Ⅰ类桩', value: 2 }),
        expect.objectContaining({ name: 'Ⅲ类桩', value: 1 }),
      ]),
    );
  });

  it('flags a pile out of range with every reason, by its bearing type, and clears it once corrected', async () => {
    const made = await who.staff.call<Row>(
      'POST',
      '/api/data/pile',
      pile({
        pileNo: 'QZ-020',
        bearingType: 'end',
        sedimentThickness: 70,
        verticalityDeviation: 1.3,
        concreteVolume: 50,
      }),
    );
    expect(made.msgCode, made.errMsg).toBe(0);
    expect(made.data).toMatchObject({
      fillingCoefficient: 0.97,
      qualityIssues: '充盈系数 0.97 小于 1.0；垂直度偏差 1.3% 大于 1%；沉渣厚度 70 mm 大于端承型桩的 50 mm',
    });
    const row = made.data as Row;
    // 70 mm is within a friction pile's 100 mm; the hole measured again at 44 m makes 49.763 m³ (1.0 exactly).
    const corrected = await who.staff.call<Row>('PUT', `/api/data/pile/${row.id}`, {
      ...pile({
        pileNo: 'QZ-020',
        bearingType: 'friction',
        sedimentThickness: 70,
        verticalityDeviation: 1,
        concreteVolume: 50,
        holeDepth: 44,
      }),
      version: row.version,
    });
    expect(corrected.msgCode, corrected.errMsg).toBe(0);
    expect(corrected.data).toMatchObject({ theoreticalVolume: 49.763, fillingCoefficient: 1 });
    expect(corrected.data?.qualityIssues ?? null).toBeNull();
    // Without a hole depth the design length gives the volume: π · 0.6² · 45 = 50.894 m³.
    const designed = await who.staff.call<Row>(
      'POST',
      '/api/data/pile',
      pile({ pileNo: 'QZ-021', holeDepth: undefined }),
    );
    expect(designed.data).toMatchObject({ theoreticalVolume: 50.894, fillingCoefficient: 1.18 });
    const steep = await who.staff.call('POST', '/api/data/pile', pile({ pileNo: 'QZ-022', verticalityDeviation: 12 }));
    expect(steep).toMatchObject({ msgCode: -400, errMsg: '垂直度偏差不能超过10%' });
  });

  it('has demo piles with a few Ⅲ/Ⅳ class ones on the piling sites', async () => {
    const summary = await who.manager.call<Record<string, number>>(
      'GET',
      '/api/pile/v1.0/summary?projectId=project-binjiang',
    );
    expect(summary.data?.total).toBeGreaterThan(50);
    expect(summary.data?.defective).toBeGreaterThan(0);
    expect(summary.data?.passRate).toBeGreaterThan(90);
    const piles = await who.manager.call<PageData<Row>>(
      'GET',
      '/api/data/pile?projectId=project-binjiang&pageSize=100',
    );
    const flagged = (piles.data?.dataList ?? []).filter((row) => typeof row.qualityIssues === 'string');
    expect(flagged.length).toBeGreaterThan(2);
    expect(flagged.length).toBeLessThan(20);
    expect(summary.data?.outOfRange).toBe(flagged.length);
    expect(flagged.map((row) => row.qualityIssues).join('\n')).toMatch(/垂直度偏差[\s\S]*|沉渣厚度/);
  });

  it('keeps piles to the projects the caller may see', async () => {
    const stranger = await who.manager.call('POST', '/api/data/pile', pile({ projectId: OTHER_COMPANY_PROJECT }));
    expect(stranger.msgCode).toBe(-403);
    const figures = await who.manager.call('GET', `/api/pile/v1.0/summary?projectId=${OTHER_COMPANY_PROJECT}`);
    expect(figures.msgCode).toBe(-403);
    const list = await who.staff.call('GET', `/api/data/pile?projectId=${OTHER_COMPANY_PROJECT}`);
    expect(list.msgCode).toBe(-403);
  });
});
