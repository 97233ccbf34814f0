/**
 * 经济报表 (module economics): the reports add up (each report's totals, its own SQL sums, equal the sum of its
 * rows, its months and its contracts or categories), amounts are exact to the 分 over 100,000 rows (on PGlite and on
 * PostgreSQL: the CI runs this file on both), 人工费 comes from the wage ledger and 材料费 from the weighings, an
 * amount has at most two decimals, a month's actual output is confirmed only by an approved 产值月报审批 and is then
 * locked, the Excel exports, and the project scope.
 */
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useCallers, type PageData } from './admin-helpers.js';
import { addOutsiderProject, OTHER_COMPANY_PROJECT } from './outsider-project.js';
import { useTestApp } from './test-app.js';
import { detail, start } from './workflow-helpers.js';

const PROJECT = 'project-binjiang';
type Row = Record<string, unknown> & { id: string; version: number };

interface Figures {
  planned: number;
  actual: number;
  cumPlanned: number;
  cumActual: number;
}
interface OutputReport {
  from: string;
  to: string;
  rows: (Figures & { id: string; contract: string; month: string; confirmed: boolean })[];
  months: (Figures & { month: string })[];
  contracts: (Figures & { contract: string; amount: number })[];
  totals: Figures & { amount: number; rate: number | null };
}
interface CostReport {
  from: string;
  to: string;
  categories: {
    category: string;
    target: number;
    actual: number;
    variance: number;
    over: boolean;
    entered: number;
    derived: number;
    varianceRate: number | null;
  }[];
  months: { month: string; target: number; actual: number; categories: Record<string, number> }[];
  materials: { material: string; amount: number }[];
  totals: { target: number; actual: number; variance: number; over: boolean };
}

const t = useTestApp();
const who = useCallers(t);

beforeAll(async () => {
  await addOutsiderProject(t.db);
});

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

async function output(query: string, by = who.manager): Promise<OutputReport> {
  const body = await by.call<OutputReport>('GET', `/api/economics/v1.0/output?${query}`);
  expect(body.msgCode, body.errMsg).toBe(0);
  return body.data!;
}

async function cost(query: string, by = who.manager): Promise<CostReport> {
  const body = await by.call<CostReport>('GET', `/api/economics/v1.0/cost?${query}`);
  expect(body.msgCode, body.errMsg).toBe(0);
  return body.data!;
}

function expectOutputAddsUp(report: OutputReport) {
  const { totals } = report;
  expect(sum(report.rows.map((row) => row.planned))).toBe(totals.planned);
  expect(sum(report.rows.map((row) => row.actual))).toBe(totals.actual);
  expect(sum(report.months.map((row) => row.planned))).toBe(totals.planned);
  expect(sum(report.months.map((row) => row.actual))).toBe(totals.actual);
  expect(sum(report.contracts.map((row) => row.planned))).toBe(totals.planned);
  expect(sum(report.contracts.map((row) => row.actual))).toBe(totals.actual);
  expect(sum(report.contracts.map((row) => row.cumActual))).toBe(totals.cumActual);
  expect(sum(report.contracts.map((row) => row.amount))).toBe(totals.amount);
  // The last month's cumulative is the whole cumulative.
  expect(report.months.at(-1)?.cumActual).toBe(totals.cumActual);
  expect(report.months.at(-1)?.cumPlanned).toBe(totals.cumPlanned);
}

function expectCostAddsUp(report: CostReport) {
  const { totals } = report;
  expect(sum(report.categories.map((row) => row.target))).toBe(totals.target);
  expect(sum(report.categories.map((row) => row.actual))).toBe(totals.actual);
  expect(sum(report.months.map((row) => row.target))).toBe(totals.target);
  expect(sum(report.months.map((row) => row.actual))).toBe(totals.actual);
  for (const row of report.categories) {
    expect(row.actual).toBe(row.entered + row.derived);
    expect(row.variance).toBe(row.actual - row.target);
    expect(row.over).toBe(row.variance > 0);
    expect(sum(report.months.map((month) => month.categories[row.category] ?? 0))).toBe(row.actual);
  }
  expect(totals.variance).toBe(totals.actual - totals.target);
}

const month = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
const addMonths = (value: string, offset: number) => {
  const [year, number] = value.split('-').map(Number);
  const index = year * 12 + number - 1 + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

describe('产值报表 over the demo data', () => {
  it('shows two years of output per contract and month; its totals are the sums of its rows', async () => {
    const to = month();
    const from = addMonths(to, -23);
    const report = await output(`projectId=${PROJECT}&from=${from}&to=${to}`);
    expect(report.contracts).toHaveLength(2);
    expect(report.months).toHaveLength(24);
    expect(report.rows.length).toBeGreaterThan(30);
    expectOutputAddsUp(report);
    // Up to two months ago confirmed by approval; this month not yet reported (actual 0).
    const old = report.rows.filter((row) => row.month <= addMonths(to, -2));
    expect(old.every((row) => row.confirmed)).toBe(true);
    expect(report.rows.filter((row) => row.month === to).every((row) => !row.confirmed && row.actual === 0)).toBe(true);
    // A real site's output: hundreds of millions over two years, the main contract mostly done.
    expect(report.totals.cumActual).toBeGreaterThan(300_000_000_00);

    // The default range is the twelve months ending with this one; a contract narrows it.
    const recent = await output(`projectId=${PROJECT}`);
    expect([recent.from, recent.to]).toEqual([addMonths(to, -11), to]);
    expectOutputAddsUp(recent);
    const one = await output(`projectId=${PROJECT}&contractId=${report.contracts[1].contract}&from=${from}&to=${to}`);
    expect(one.contracts).toHaveLength(1);
    expectOutputAddsUp(one);
    expect(one.totals.actual).toBe(report.contracts[1].actual);
  });

  it('refuses a range that is not one, and a project the caller does not see', async () => {
    const reversed = await who.manager.call(
      'GET',
      `/api/economics/v1.0/output?projectId=${PROJECT}&from=2026-05&to=2026-01`,
    );
    expect(reversed).toMatchObject({ msgCode: -400, errMsg: '开始月份不能晚于结束月份' });
    const wrong = await who.manager.call('GET', `/api/economics/v1.0/cost?projectId=${PROJECT}&from=2026-13`);
    expect(wrong).toMatchObject({ msgCode: -400, errMsg: '月份格式为 2026-03' });
    const stranger = await who.manager.call('GET', `/api/economics/v1.0/output?projectId=${OTHER_COMPANY_PROJECT}`);
    expect(stranger.msgCode).not.toBe(0);
    const outside = await who.none.call('GET', `/api/economics/v1.0/cost?projectId=${PROJECT}`);
    expect(outside.msgCode).toBe(-401);
  });
});

describe('成本分析 over the demo data', () => {
  it('compares target and actual by category; 人工费 from the wage ledger and 材料费 from the weighings', async () => {
    const to = month();
    const from = addMonths(to, -23);
    const report = await cost(`projectId=${PROJECT}&from=${from}&to=${to}`);
    expect(report.categories.map((row) => row.category)).toEqual([
      'labour',
      'material',
      'machinery',
      'subcontract',
      'other',
    ]);
    expectCostAddsUp(report);
    expect(report.categories.every((row) => row.target > 0 && row.actual > 0)).toBe(true);

    // 人工费 of the ledger: Σ due of the labour-wage records of the range (工日 × rate), to the 分.
    const labour = report.categories.find((row) => row.category === 'labour')!;
    let due = 0;
    for (let m = from; m <= to; m = addMonths(m, 1)) {
      const wages = await who.admin.call<PageData<Row>>(
        'GET',
        `/api/data/labour-wage?projectId=${PROJECT}&month=${m}&pageSize=1000`,
      );
      due += sum(wages.data!.dataList.map((row) => Math.round(Number(row.due) * 100)));
    }
    expect(due).toBeGreaterThan(0);
    expect(labour.derived).toBe(due);

    // 材料费 of the weighings: the priced materials the demo weighbridge weighed.
    const material = report.categories.find((row) => row.category === 'material')!;
    expect(material.derived).toBeGreaterThan(0);
    expect(sum(report.materials.map((row) => row.amount))).toBe(material.derived);
    expect(report.materials.map((row) => row.material)).toContain('商品混凝土');

    // Another range adds up as well.
    expectCostAddsUp(await cost(`projectId=${PROJECT}`));
  });

  it('exports both reports to Excel with their totals', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/economics/v1.0/cost/export?projectId=${PROJECT}&projectName=滨江花园`,
      headers: { 'access-token': who.manager.token! },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('按科目')!;
    const report = await cost(`projectId=${PROJECT}`);
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('合计');
    expect(Math.round(Number(last.getCell(2).value) * 100)).toBe(report.totals.target);
    expect(Math.round(Number(last.getCell(3).value) * 100)).toBe(report.totals.actual);

    const outputFile = await t.app.inject({
      method: 'GET',
      url: `/api/economics/v1.0/output/export?projectId=${PROJECT}`,
      headers: { 'access-token': who.manager.token! },
    });
    expect(outputFile.statusCode).toBe(200);
    const outputBook = new ExcelJS.Workbook();
    await outputBook.xlsx.load(outputFile.rawPayload as unknown as ArrayBuffer);
    const rows = outputBook.getWorksheet('按合同按月')!;
    const outputReport = await output(`projectId=${PROJECT}`);
    expect(rows.rowCount).toBe(outputReport.rows.length + 3);
    expect(Math.round(Number(rows.getRow(rows.rowCount).getCell(5).value) * 100)).toBe(outputReport.totals.actual);
  });
});

describe('entries', () => {
  let contractId = '';

  /** An edit as the form sends it: the record's own fields, some changed, with the version read. */
  async function edit(id: string, changes: Record<string, unknown>) {
    const record = (await who.manager.call<Row>('GET', `/api/data/economics-output/${id}`)).data!;
    const own = ['contract', 'month', 'planned', 'actual', 'remarks', 'confirmedActual'];
    const body = Object.fromEntries(
      own
        .filter((field) => record[field] !== undefined && record[field] !== null)
        .map((field) => [field, record[field]]),
    );
    return who.manager.call<Row>('PUT', `/api/data/economics-output/${id}`, {
      ...body,
      ...changes,
      version: record.version,
    });
  }

  it('keeps an amount to the 分 and names the field otherwise', async () => {
    const made = await who.manager.call<Row>('POST', '/api/data/economics-contract', {
      projectId: PROJECT,
      name: '测试合同',
      number: 'HT-TEST-001',
      amount: 1_234_567.891,
      party: '测试建设单位',
    });
    expect(made).toMatchObject({ msgCode: -400, errMsg: '合同金额最多保留两位小数（精确到分）' });
    const good = await who.manager.call<Row>('POST', '/api/data/economics-contract', {
      projectId: PROJECT,
      name: '测试合同',
      number: 'HT-TEST-001',
      amount: 1_234_567.89,
      party: '测试建设单位',
    });
    expect(good.msgCode, good.errMsg).toBe(0);
    expect(good.data?.amountText).toBe('¥1,234,567.89');
    contractId = good.data!.id;
    const missing = await who.manager.call('POST', '/api/data/economics-output', {
      projectId: PROJECT,
      contract: contractId,
    });
    expect(missing).toMatchObject({ msgCode: -400, errMsg: '请输入月份' });
  });

  it('confirms a month only through an approved 产值月报审批, and then keeps it as approved', async () => {
    const made = await who.manager.call<Row>('POST', '/api/data/economics-output', {
      projectId: PROJECT,
      contract: contractId,
      month: '2020-01',
      planned: 100_000.1,
      actual: 98_765.43,
    });
    expect(made.msgCode, made.errMsg).toBe(0);
    expect(made.data).toMatchObject({ state: 'pending', stateLabel: '待确认', rateText: '98.77%' });
    const id = made.data!.id;

    // Nobody writes the confirmation by hand.
    const forged = await edit(id, { confirmedActual: 98_765.43 });
    expect(forged).toMatchObject({ msgCode: -403, errMsg: '确认产值只能由审批通过的产值月报写入' });

    const instance = await start(who.staff, 'economics-output-report', {
      outputId: id,
      title: '2020-01 测试合同产值月报',
      actual: 98_700.01,
      remarks: '按监理计量核减',
    });
    const task = (await detail(who.manager, instance)).myTaskId;
    expect(task).not.toBe('');
    const approved = await who.manager.call('POST', `/api/workflow/tasks/${task}/approve`, { comment: '同意' });
    expect(approved.msgCode, approved.errMsg).toBe(0);

    const confirmed = await who.manager.call<Row>('GET', `/api/data/economics-output/${id}`);
    expect(confirmed.data).toMatchObject({ actual: 98_700.01, confirmedActual: 98_700.01, state: 'confirmed' });
    const history = await who.manager.call<{ remark: string }[]>('GET', `/api/data/economics-output/${id}/history`);
    expect(JSON.stringify(history.data)).toContain('产值月报审批已通过');

    const edited = await edit(id, { actual: 1 });
    expect(edited).toMatchObject({ msgCode: -403 });
    expect(String((edited as { errMsg: string }).errMsg)).toContain('已经审批确认');
    // The plan of a confirmed month may still be revised; its confirmation stays.
    const replanned = await edit(id, { planned: 99_000 });
    expect(replanned.msgCode, replanned.errMsg).toBe(0);
    const removed = await who.manager.call('DELETE', `/api/data/economics-output/${id}`);
    expect(removed).toMatchObject({ msgCode: -403, errMsg: '本月产值已经审批确认，不能删除' });

    const report = await output(`projectId=${PROJECT}&contractId=${contractId}&from=2020-01&to=2020-01`);
    expect(report.rows).toEqual([expect.objectContaining({ planned: 9_900_000, actual: 9_870_001, confirmed: true })]);
  });
});

describe('exact to the 分 over 100,000 rows', () => {
  /** A deterministic amount in 分 for row i (up to 9,999,999.99 元), the same formula in SQL and here. */
  const fenOf = (i: bigint) => ((i * 7919n + 13n) * 104729n) % 999_999_999n;

  it('sums 100,000 entered costs and 100,000 output entries exactly, rows and totals alike', async () => {
    const project = OTHER_COMPANY_PROJECT;
    const formula = sql`(((i::bigint * 7919 + 13) * 104729) % 999999999)`;
    // 100 months from 2001-01, 1,000 contracts: one output entry per contract and month.
    await sql`insert into c_economics_contract (id, project_id, name, number, amount, party)
      select 'econ-big-' || c, ${project}, '合同' || c, 'BIG-' || lpad(c::text, 4, '0'), 1000000000.01, '甲方'
      from generate_series(1, 1000) c`.execute(t.db);
    await sql`insert into c_economics_output (id, project_id, contract, month, planned, actual, confirmed_actual)
      select 'econ-big-out-' || i, ${project}, 'econ-big-' || (i % 1000 + 1),
        to_char(date '2001-01-01' + ((i / 1000) || ' months')::interval, 'YYYY-MM'),
        (${formula} / 100.0)::float8, ((${formula} % 777777777) / 100.0)::float8, null
      from generate_series(0, 99999) i`.execute(t.db);
    const categories = ['labour', 'material', 'machinery', 'subcontract', 'other'];
    await sql`insert into c_economics_cost (id, project_id, category, month, item, amount)
      select 'econ-big-cost-' || i, ${project}, (array['labour','material','machinery','subcontract','other'])[i % 5 + 1],
        to_char(date '2001-01-01' + ((i % 100) || ' months')::interval, 'YYYY-MM'), '费用' || i, (${formula} / 100.0)::float8
      from generate_series(0, 99999) i`.execute(t.db);

    let planned = 0n;
    let actual = 0n;
    const byCategory = new Map<string, bigint>();
    for (let i = 0n; i < 100_000n; i += 1n) {
      const amount = fenOf(i);
      planned += amount;
      actual += amount % 777_777_777n;
      const category = categories[Number(i % 5n)];
      byCategory.set(category, (byCategory.get(category) ?? 0n) + amount);
    }
    const report = await output(`projectId=${project}&from=2001-01&to=2009-04`, who.admin);
    expect(report.rows).toHaveLength(100_000);
    expect(BigInt(report.totals.planned)).toBe(planned);
    expect(BigInt(report.totals.actual)).toBe(actual);
    expectOutputAddsUp(report);
    expect(report.totals.amount).toBe(1000 * 100_000_000_001);

    const costs = await cost(`projectId=${project}&from=2001-01&to=2009-04`, who.admin);
    expect(BigInt(costs.totals.actual)).toBe(planned);
    for (const row of costs.categories) expect(BigInt(row.entered)).toBe(byCategory.get(row.category));
    expectCostAddsUp(costs);
  }, 300_000);
});
