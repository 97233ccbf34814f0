/**
 * Collection figures on PostgreSQL, on a running server with the demo data:
 *   - the worker list of a project with 100,000 workers (written straight into the table): the first page, a
 *     filtered page (team and status) and the last page alone, then p95 of 200 of them (budget < 50 ms);
 *   - an Excel import of 10,000 workers into another project: the time from upload to done (budget < 20 s); then one
 *     of 30,000 into a third: memory is flat when the larger one grows the server's resident memory by no more than
 *     the smaller one did, give or take 50 MB.
 */
import os from 'node:os';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { loginForToken } from './api-rate';
import type { MeasuredProcess } from './process';
import type { ServerFigure } from './server-figures';
import { median, quantile, sleep, timeOne } from './measure';

const WORKERS = 100_000;
const IMPORT_ROWS = 10_000;
const LIST_PROJECT = 'project-binjiang';
const IMPORT_PROJECT = 'project-expressway';
const LARGER_IMPORT_PROJECT = 'project-highway';
const TEAMS = 20;

/** A well-formed mainland ID number (GB 11643 check character). */
function idNumber(region: string, birth: string, order: string): string {
  const first17 = `${region}${birth}${order}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...first17].reduce((total, digit, index) => total + Number(digit) * weights[index], 0);
  return `${first17}${'10X98765432'[sum % 11]}`;
}

async function addWorkers(database: pg.ClientConfig): Promise<void> {
  const direct = new pg.Client(database);
  await direct.connect();
  try {
    await direct.query(`
      insert into c_labour_worker (id, project_id, created_by, created_at, updated_at, name, id_card_number, team,
        trade, entry_date, status, blacklisted, sex, birthday, native_place)
      select 'bench-worker-' || g, '${LIST_PROJECT}', (select id from sys_user where login_name = 'admin'),
        now() - interval '1 second' * g, now() - interval '1 second' * g,
        '压测工人' || g, 'B' || lpad(g::text, 17, '0'), '班组' || (g % ${TEAMS}),
        (array['rebar','formwork','concrete','scaffold','welder','electrician'])[1 + g % 6],
        date '2024-01-01' + (g % 700), case when g % 10 = 0 then 'left' else 'onSite' end, false,
        case when g % 2 = 0 then '男' else '女' end, date '1980-01-01' + (g % 9000), '河南省'
      from generate_series(1, ${WORKERS}) g`);
    // What autovacuum does soon after such a bulk insert: statistics, and the visibility map index-only scans need.
    await direct.query('vacuum analyze c_labour_worker');
  } finally {
    await direct.end();
  }
}

async function workerListFigure(server: MeasuredProcess, token: string, figures: ServerFigure[]): Promise<void> {
  const headers = { 'access-token': token, 'accept-encoding': 'gzip, deflate, br' };
  const base = `${server.origin}/api/data/labour-worker?projectId=${LIST_PROJECT}&pageSize=10`;

  const pages = {
    first: () => timeOne(`${base}&pageNo=1`, { headers }),
    filtered: () => timeOne(`${base}&pageNo=3&team=${encodeURIComponent('班组7')}&status=onSite`, { headers }),
  };
  const first = await pages.first();
  const filtered = await pages.filtered();
  const total = ((await (await fetch(`${base}&pageNo=1`, { headers })).json()) as { data: { total: number } }).data
    .total;
  const lastUrl = `${base}&pageNo=${Math.ceil(total / 10)}`;
  const last = await timeOne(lastUrl, { headers });
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const kind = i % 3;
    times.push(
      kind === 0 ? await pages.first() : kind === 1 ? await pages.filtered() : await timeOne(lastUrl, { headers }),
    );
  }

  const p95 = quantile(times, 0.95);
  console.log(
    `  worker list, ${WORKERS.toLocaleString('en')} workers: first page ${first.toFixed(1)} ms, filtered page ` +
      `${filtered.toFixed(1)} ms, last page ${last.toFixed(1)} ms alone; 200 of them: median ${median(times).toFixed(1)} ms, ` +
      `p95 ${p95.toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms (the machine's load: ${os.loadavg()[0].toFixed(1)})`,
  );
  figures.push({
    label: 'worker list p95, 100k workers (PostgreSQL)',
    value: `${p95.toFixed(1)} ms (first ${first.toFixed(0)} / filtered ${filtered.toFixed(0)} / last ${last.toFixed(0)} ms)`,
    budget: '< 50 ms',
    met: p95 < 50,
  });
}

async function importWorkbook(rows: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('劳务人员');
  sheet.addRow(['姓名*', '身份证号*', '手机号', '班组*', '工种*', '进场日期*', '劳务分包单位']);
  const trades = ['钢筋工', '模板工', '混凝土工', '架子工', '电焊工', '电工'];
  for (let n = 0; n < rows; n++) {
    const birth = `${1960 + Math.floor(n / 1000)}0315`;
    sheet.addRow([
      `导入工人${n}`,
      idNumber('320102', birth, String(n % 1000).padStart(3, '0')),
      `139${String(n).padStart(8, '0')}`,
      `导入班组${n % 12}`,
      trades[n % trades.length],
      '2026-09-01',
      '华东劳务有限公司',
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

interface ImportRun {
  rows: number;
  kb: number;
  seconds: number;
  before: number;
  peak: number;
}

/** Uploads a workbook of `rows` workers into `projectId` and follows the job to its end, sampling the server's RSS. */
async function runImport(server: MeasuredProcess, token: string, projectId: string, rows: number): Promise<ImportRun> {
  const file = await importWorkbook(rows);
  const headers = { 'access-token': token };
  await sleep(2000);
  const before = server.rssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, server.rssMb())), 50);
  const started = performance.now();
  try {
    const body = new FormData();
    body.append('file', new Blob([new Uint8Array(file)]), 'workers.xlsx');
    const upload = await fetch(`${server.origin}/api/data/labour-worker/import?projectId=${projectId}`, {
      method: 'POST',
      headers,
      body,
    });
    const answer = (await upload.json()) as { msgCode: number; errMsg: string; data?: { jobId: string } };
    if (answer.msgCode !== 0 || !answer.data) throw new Error(`import upload: ${answer.errMsg}`);
    let progress: { state: string; created: number; failed: number; total: number; message?: string } | undefined;
    for (;;) {
      const read = await fetch(`${server.origin}/api/data/labour-worker/import/${answer.data.jobId}`, { headers });
      progress = ((await read.json()) as { data: typeof progress }).data;
      if (progress?.state === 'done' || progress?.state === 'failed') break;
      if (performance.now() - started > 300_000) throw new Error('the import took more than 5 minutes');
      await sleep(100);
    }
    const seconds = (performance.now() - started) / 1000;
    if (progress.state !== 'done' || progress.created !== rows)
      throw new Error(
        `import ended ${progress.state}: ${progress.created} created, ${progress.failed} failed ${progress.message ?? ''}`,
      );
    return { rows, kb: file.length / 1024, seconds, before, peak };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * The 10,000-row import against its time budget; then one three times as large, to tell whether memory is flat:
 * a reader that held the rows would grow about three times as much, a streaming one about as much (start-up of the
 * reader, batches, garbage not yet collected).
 */
async function importFigures(server: MeasuredProcess, token: string, figures: ServerFigure[]): Promise<void> {
  const runs = [
    await runImport(server, token, IMPORT_PROJECT, IMPORT_ROWS),
    await runImport(server, token, LARGER_IMPORT_PROJECT, IMPORT_ROWS * 3),
  ];
  for (const run of runs)
    console.log(
      `  Excel import, ${run.rows.toLocaleString('en')} workers (${run.kb.toFixed(0)} KB): ${run.seconds.toFixed(1)} s ` +
        `upload to done; RSS ${run.before.toFixed(0)} MB before, peak ${run.peak.toFixed(0)} MB during ` +
        `(+${(run.peak - run.before).toFixed(0)} MB)`,
    );
  const [small, large] = runs;
  figures.push({
    label: 'Excel import, 10k rows (PostgreSQL)',
    value: `${small.seconds.toFixed(1)} s`,
    budget: '< 20 s',
    met: small.seconds < 20,
  });
  const growth = (run: ImportRun) => Math.max(0, run.peak - run.before);
  figures.push({
    label: 'RSS growth during import, 10k / 30k rows',
    value: `+${growth(small).toFixed(0)} MB / +${growth(large).toFixed(0)} MB (peak ${large.peak.toFixed(0)} MB)`,
    budget: 'flat: 30k <= 10k + 50 MB',
    met: growth(large) <= growth(small) + 50,
  });
}

export async function measureCollectionFigures(
  server: MeasuredProcess,
  database: pg.ClientConfig,
  figures: ServerFigure[],
): Promise<void> {
  await addWorkers(database);
  const token = await loginForToken(server.origin);
  await workerListFigure(server, token, figures);
  await importFigures(server, token, figures);
}
