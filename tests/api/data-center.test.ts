/**
 * 数据中心 (module data-center): the warehouse lists the installed collections the caller may see, with records
 * counted and previewed within the caller's projects, and exports them (CSV with a BOM and no formula a spreadsheet
 * would run, or a workbook); the statistical reports (modules/data-center/reports/*.json) count exactly what the
 * tables hold, every total and subtotal is the sum of its rows, ratios are worked out from their columns, and
 * another company's project is refused.
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addOutsiderProject, OTHER_COMPANY_PROJECT } from './outsider-project.js';
import { useCallers, type Caller } from './admin-helpers.js';
import { useTestApp } from './test-app.js';

const t = useTestApp();
const who = useCallers(t);

const API = '/api/data-center/v1.0';
const DEMO_PROJECTS = ['project-binjiang', 'project-expressway', 'project-highway'];
const BINJIANG = 'project-binjiang';

interface Summary {
  id: string;
  title: string;
  fieldCount: number;
  rows: number;
  lastUpdate: string;
}
interface Detail extends Summary {
  fields: { name: string; title: string; type: string; values: string; computed: boolean }[];
  preview: { columns: { field: string; title: string }[]; rows: Record<string, string>[] };
}
interface ReportResult {
  report: { id: string; title: string };
  range: { from: string; to: string } | null;
  projects: { id: string; name: string }[];
  groupTitles: string[];
  columns: { id: string; title: string; percent: boolean; digits: number }[];
  rows: { kind: 'row' | 'subtotal'; groups: string[]; values: Record<string, number | null> }[];
  total: Record<string, number | null>;
}

async function data<T>(caller: Caller, url: string): Promise<T> {
  const answer = await caller.call<T>('GET', url);
  expect(answer.msgCode, answer.errMsg).toBe(0);
  return answer.data as T;
}

const download = (url: string, token = who.manager.token) =>
  t.app.inject({ method: 'GET', url, headers: { 'access-token': token } });

async function countOf(table: string, where = sql`true`): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}
    where project_id in (${sql.join(DEMO_PROJECTS)}) and ${where}`.execute(t.db);
  return Number(rows[0].n);
}

beforeAll(async () => {
  await addOutsiderProject(t.db);
  // A hazard of the other company: no figure of the demo company's people may count it.
  await sql`insert into c_safety_hazard (id, project_id, description, category, level, status, created_by)
    values ('hazard-outsider-1', ${OTHER_COMPANY_PROJECT}, '外单位隐患', 'fire', 'general', 'pending', 'user-admin')`.execute(
    t.db,
  );
});

describe('数据仓库', () => {
  it("lists the data sets with their records counted in the caller's projects", async () => {
    const sets = await data<Summary[]>(who.manager, `${API}/datasets`);
    const ids = sets.map((set) => set.id);
    expect(ids).toEqual(expect.arrayContaining(['labour-attendance', 'labour-worker', 'safety-hazard', 'iot-device']));
    const hazards = sets.find((set) => set.id === 'safety-hazard') as Summary;
    expect(hazards.rows).toBe(await countOf('c_safety_hazard'));
    expect(hazards.rows).toBeGreaterThan(0);
    expect(hazards.lastUpdate).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const attendance = sets.find((set) => set.id === 'labour-attendance') as Summary;
    expect(attendance.rows).toBe(await countOf('c_labour_attendance'));
    // The administrator sees every company's: one hazard more.
    const all = await data<Summary[]>(who.admin, `${API}/datasets`);
    expect(all.find((set) => set.id === 'safety-hazard')?.rows).toBe(hazards.rows + 1);
  });

  it('describes a data set: its fields, where their values come from, and a preview with labels', async () => {
    const detail = await data<Detail>(who.manager, `${API}/datasets/safety-hazard?projectIds=${BINJIANG}`);
    expect(detail.rows).toBe(await countOf('c_safety_hazard', sql`project_id = ${BINJIANG}`));
    const field = (name: string) => detail.fields.find((candidate) => candidate.name === name);
    expect(field('level')).toMatchObject({
      title: '隐患等级',
      type: '文本',
      values: '选项：一般事故隐患、重大事故隐患',
    });
    expect(field('status')?.values).toContain('待整改');
    expect(field('category')?.values).toBe('字典 hazard_category');
    expect(field('deadline')?.type).toBe('日期');
    expect(detail.preview.rows.length).toBe(Math.min(20, detail.rows));
    expect(detail.preview.columns[0]).toEqual({ field: 'projectName', title: '所属项目' });
    const first = detail.preview.rows[0];
    expect(first.projectName).toBe('滨江花园住宅工程');
    expect(['一般事故隐患', '重大事故隐患']).toContain(first.level);
  });

  it('exports CSV and Excel of the chosen projects, formulas as text', async () => {
    // A text a spreadsheet would run as a formula, as someone might type it into a hazard.
    await sql`insert into c_safety_hazard (id, project_id, description, category, level, status, created_by)
      values ('hazard-formula-1', ${BINJIANG}, '=HYPERLINK("http://x")', 'fire', 'general', 'pending', 'user-manager')`.execute(
      t.db,
    );
    const expected = await countOf('c_safety_hazard', sql`project_id = ${BINJIANG}`);
    const csv = await download(`${API}/datasets/safety-hazard/export?format=csv&projectIds=${BINJIANG}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const body = csv.body;
    expect(body.startsWith('\uFEFF所属项目,')).toBe(true);
    const lines = body.trim().split('\r\n');
    expect(lines.length - 1).toBe(expected);
    expect(body).toContain(`"'=HYPERLINK(""http://x"")"`);

    const xlsx = await download(`${API}/datasets/safety-hazard/export?projectIds=${BINJIANG}`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getRow(1).getCell(1).value).toBe('所属项目');
    expect(sheet.rowCount - 1).toBe(expected);
  });

  it("refuses what the caller may not see: another company's project, an unknown data set, a bad format", async () => {
    expect(
      await who.manager.call('GET', `${API}/datasets/safety-hazard?projectIds=${OTHER_COMPANY_PROJECT}`),
    ).toMatchObject({
      msgCode: -403,
      errMsg: '项目不存在或无权访问',
    });
    expect(await who.manager.call('GET', `${API}/datasets/no-such-set`)).toMatchObject({
      msgCode: -404,
      errMsg: '数据集不存在或无权查看',
    });
    const bad = await download(`${API}/datasets/safety-hazard/export?format=pdf`);
    expect(JSON.parse(bad.body)).toMatchObject({ msgCode: -400, errMsg: '导出格式只能是 csv 或 xlsx' });
  });
});

describe('统计报表', () => {
  const WIDE = 'from=2020-01-01&to=2021-12-31';
  const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  /** The longest range a report takes, ending today. */
  const longest = () =>
    `from=${new Date(Date.now() + 8 * 3600_000 - 730 * 86_400_000).toISOString().slice(0, 10)}&to=${today()}`;
  const runs = async (id: string, query = '') => data<ReportResult>(who.manager, `${API}/reports/${id}?${query}`);

  /** Every count and sum column's total is the sum of the rows; each subtotal the sum of its block. */
  function expectTotalsAdd(result: ReportResult) {
    const counted = result.columns.filter((column) => !column.percent && column.id !== 'gateRate');
    const body = result.rows.filter((row) => row.kind === 'row');
    for (const column of counted) {
      const sum = body.reduce((acc, row) => acc + (row.values[column.id] ?? 0), 0);
      expect(result.total[column.id], `${result.report.id} ${column.id}`).toBeCloseTo(sum, 6);
    }
    let block: typeof body = [];
    for (const row of result.rows) {
      if (row.kind === 'row') {
        block.push(row);
        continue;
      }
      for (const column of counted) {
        const sum = block.reduce((acc, item) => acc + (item.values[column.id] ?? 0), 0);
        expect(row.values[column.id], `${result.report.id} subtotal ${row.groups[0]} ${column.id}`).toBeCloseTo(sum, 6);
      }
      expect(block.every((item) => item.groups[0] === row.groups[0])).toBe(true);
      block = [];
    }
  }

  it('lists the personnel, safety and device reports', async () => {
    const { reports: list, projects } = await data<{
      reports: { id: string; category: string; dateRange: boolean }[];
      projects: { id: string }[];
    }>(who.manager, `${API}/reports`);
    expect(projects.map((project) => project.id).sort()).toEqual(DEMO_PROJECTS);
    expect(list.map((report) => report.id)).toEqual(
      expect.arrayContaining([
        'report-labour-monthly',
        'report-safety-hazard-monthly',
        'report-safety-inspection-monthly',
        'report-iot-warning-monthly',
        'report-iot-devices',
      ]),
    );
    expect(list.find((report) => report.id === 'report-iot-devices')?.dateRange).toBe(false);
  });

  it('every report: totals and subtotals equal the sum of their rows, over the current month and a whole year', async () => {
    const { reports: list } = await data<{ reports: { id: string }[] }>(who.manager, `${API}/reports`);
    const yearAgo = new Date(Date.now() + 8 * 3600_000 - 364 * 86_400_000).toISOString().slice(0, 10);
    for (const { id } of list)
      for (const query of ['', `from=${yearAgo}&to=${today()}`]) {
        const result = await runs(id, query);
        expect(result.projects.map((project) => project.id).sort()).toEqual(DEMO_PROJECTS);
        expectTotalsAdd(result);
      }
  });

  it('counts the attendance exactly as the table holds it, per project and team', async () => {
    const to = today();
    const from = new Date(Date.now() + 8 * 3600_000 - 89 * 86_400_000).toISOString().slice(0, 10);
    const result = await runs('report-labour-monthly', `from=${from}&to=${to}&projectIds=${BINJIANG}`);
    const { rows } = await sql<{ team: string; workers: string; days: string; gate: string }>`
      select coalesce(team, '') as team, count(distinct worker) as workers, count(*) as days,
        count(*) filter (where source = 'gate') as gate
      from c_labour_attendance where project_id = ${BINJIANG} and date between ${from}::date and ${to}::date
      group by 1`.execute(t.db);
    expect(rows.length).toBeGreaterThan(0);
    const body = result.rows.filter((row) => row.kind === 'row');
    expect(body).toHaveLength(rows.length);
    for (const expected of rows) {
      const row = body.find((item) => item.groups[1] === (expected.team || '（未填写）'));
      expect(row?.groups[0]).toBe('滨江花园住宅工程');
      expect(row?.values).toMatchObject({
        workers: Number(expected.workers),
        manDays: Number(expected.days),
        gate: Number(expected.gate),
      });
    }
    expect(result.total.manDays).toBe(rows.reduce((sum, row) => sum + Number(row.days), 0));
    const rate = result.total.gateRate;
    expect(rate).toBeCloseTo(Math.round(((result.total.gate ?? 0) / (result.total.manDays ?? 1)) * 1000) / 10, 6);
  });

  it("counts the hazards of the caller's projects only, with labels on the groups", async () => {
    const result = await runs('report-safety-hazard-monthly', longest());
    expect(result.total.total).toBe(await countOf('c_safety_hazard'));
    expect(result.total.closed).toBe(await countOf('c_safety_hazard', sql`status = 'closed'`));
    expect(result.groupTitles).toEqual(['项目', '隐患类别']);
    // Categories read as the dictionary names them, not as codes.
    expect(result.rows.some((row) => row.groups[1] === 'fire')).toBe(false);
    const admin = await data<ReportResult>(who.admin, `${API}/reports/report-safety-hazard-monthly?${longest()}`);
    expect(admin.total.total).toBe((result.total.total ?? 0) + 1);
  });

  it('has nothing to count in a range without records, and refuses a range or projects it cannot take', async () => {
    const empty = await runs('report-labour-monthly', WIDE);
    expect(empty.rows).toEqual([]);
    expect(empty.total).toMatchObject({ workers: 0, manDays: 0, gateRate: null });
    const call = (query: string) => who.manager.call('GET', `${API}/reports/report-labour-monthly?${query}`);
    expect(await call('from=2025-03-10&to=2025-03-01')).toMatchObject({
      msgCode: -400,
      errMsg: '开始日期不能晚于结束日期',
      data: { errors: [{ field: 'from' }] },
    });
    expect(await call('from=2025-02-30')).toMatchObject({ msgCode: -400, errMsg: '请选择正确的开始日期' });
    expect(await call('from=2020-01-01&to=2025-01-01')).toMatchObject({
      msgCode: -400,
      errMsg: '统计期不能超过 731 天',
    });
    expect(await call(`projectIds=${OTHER_COMPANY_PROJECT}`)).toMatchObject({ msgCode: -403 });
    expect(await who.manager.call('GET', `${API}/reports/report-nothing`)).toMatchObject({ msgCode: -404 });
  });

  it('exports a report as a workbook laid out as printed, its total row the report total', async () => {
    const query = longest();
    const result = await runs('report-safety-hazard-monthly', query);
    const response = await download(`${API}/reports/report-safety-hazard-monthly/export?${query}`);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getCell(1, 1).value).toBe('安全隐患月报');
    expect(String(sheet.getCell(2, 1).value)).toContain(`至 ${today()}`);
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('合计');
    expect(last.getCell(3).value).toBe(result.total.total);
    // Header, then one sheet row per report row, then the total.
    expect(sheet.rowCount).toBe(4 + 1 + result.rows.length + 1);
  });
});
