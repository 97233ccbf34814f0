/**
 * Approval figures on PostgreSQL, on a running server with the demo data:
 *   - the 待办 list (`GET /workflow/process/todoList`) of a user with 10,000 open tasks among 1,000,000 instances
 *     (written set-based straight into the tables): the first page and far pages alone, then p95 of 200 of them
 *     (budget < 50 ms);
 *   - from an approval (`POST /api/workflow/tasks/:id/approve`, the last node) to the starter's open event stream
 *     receiving the 审批结果 message, over 50 approvals: p50 and p95 (budget < 1 s).
 */
import os from 'node:os';
import pg from 'pg';
import { loginForToken } from './api-rate';
import type { MeasuredProcess } from './process';
import type { ServerFigure } from './server-figures';
import { median, quantile, timeOne } from './measure';

const INSTANCES = 1_000_000;
/** Every 100th instance waits on the measured user: 10,000 open tasks. */
const EVERY = 100;
const TODO_USER = { id: 'user-staff', username: 'staff', password: 'Staff@2026' };
const MANAGER = { username: 'manager', password: 'Manager@2026' };
const ADMIN = { username: 'admin', password: 'Admin@2026' };
const APPROVALS = 50;
const PROJECT = 'project-binjiang';

/** One million instances of 材料采购申请 at its first node: a third running, the rest approved; one task each. */
async function addInstances(database: pg.ClientConfig): Promise<void> {
  const direct = new pg.Client(database);
  await direct.connect();
  try {
    const running = `(g % ${EVERY} = 0 or g % 3 = 0)`;
    const route = JSON.stringify([
      { nodeId: 'check', type: 'approval', name: '材料员核对', mode: 'any', users: [TODO_USER.id] },
    ]);
    await direct.query(`
      insert into wf_instance (id, definition_id, project_id, starter_id, title, form, route, status, current_step,
        activation, version, started_at, finished_at)
      select 'bench-i-' || g, 'material-purchase@1', '${PROJECT}', 'user-manager', '压测采购' || g,
        jsonb_build_object('materialName', '压测采购' || g, 'amount', g % 90000 + 1), '${route}'::jsonb,
        case when ${running} then 'running' else 'approved' end, case when ${running} then 0 end, 1, 2,
        now() - interval '1 second' * g, case when not ${running} then now() - interval '1 second' * g end
      from generate_series(1, ${INSTANCES}) g`);
    // Open tasks went to the measured user or to 5,000 others; their reminder clock starts now (no sweep is due).
    await direct.query(`
      insert into wf_task (id, instance_id, step, activation, node_id, node_name, chain, position, assignee_id, status,
        created_at, acted_at, idle_since)
      select 'bench-t-' || g, 'bench-i-' || g, 0, 1, 'check', '材料员核对', 0, 1,
        case when g % ${EVERY} = 0 then '${TODO_USER.id}' else 'bench-u-' || (g % 5000) end,
        case when ${running} then 'pending' else 'approved' end,
        now() - interval '1 second' * g, case when not ${running} then now() - interval '1 second' * g end,
        case when ${running} then now() end
      from generate_series(1, ${INSTANCES}) g`);
    // What autovacuum does soon after such a bulk insert: statistics, and the visibility map index-only scans need.
    await direct.query('vacuum analyze wf_instance');
    await direct.query('vacuum analyze wf_task');
  } finally {
    await direct.end();
  }
}

async function todoFigure(server: MeasuredProcess, figures: ServerFigure[]): Promise<void> {
  const token = await loginForToken(server.origin, TODO_USER);
  const headers = { 'access-token': token, 'accept-encoding': 'gzip, deflate, br' };
  const page = (pageNum: number) => `${server.origin}/workflow/process/todoList?pageNum=${pageNum}&pageSize=10`;
  const answer = (await (await fetch(page(1), { headers })).json()) as { data: { total: number } };
  const total = answer.data.total;
  const lastPage = Math.ceil(total / 10);
  const middle = Math.ceil(lastPage / 2);
  const first = await timeOne(page(1), { headers });
  const far = await timeOne(page(middle), { headers });
  const last = await timeOne(page(lastPage), { headers });
  // The floor on this machine at this moment: the header's unread count, an authenticated call of one small query.
  const floorUrl = `${server.origin}/api/MC/McMessageUser/v1.0/personalTotal`;
  const floor: number[] = [];
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    floor.push(await timeOne(floorUrl, { headers }));
    const pageNum =
      i % 4 === 0 ? 1 : i % 4 === 1 ? lastPage : i % 4 === 2 ? middle : 1 + Math.floor(Math.random() * lastPage);
    times.push(await timeOne(page(pageNum), { headers }));
  }
  const p95 = quantile(times, 0.95);
  console.log(
    `  待办 list, ${total.toLocaleString('en')} open tasks of one user among ${INSTANCES.toLocaleString('en')} instances: ` +
      `first page ${first.toFixed(1)} ms, page ${middle} ${far.toFixed(1)} ms, last page ${last.toFixed(1)} ms alone; ` +
      `200 of them: median ${median(times).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms ` +
      `(the machine's load: ${os.loadavg()[0].toFixed(1)}; the unread count between them: p95 ` +
      `${quantile(floor, 0.95).toFixed(1)} ms)`,
  );
  figures.push({
    label: 'todo list p95, 10k tasks / 1M inst. (PG)',
    value: `${p95.toFixed(1)} ms (first ${first.toFixed(0)} / middle ${far.toFixed(0)} / last ${last.toFixed(0)}; floor ${quantile(floor, 0.95).toFixed(0)} ms)`,
    budget: '< 50 ms',
    met: p95 < 50,
  });
}

interface Caller {
  call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T>;
}

async function caller(origin: string, user: { username: string; password: string }): Promise<Caller> {
  const token = await loginForToken(origin, user);
  return {
    async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
      const response = await fetch(`${origin}${path}`, {
        method,
        headers: { 'access-token': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const envelope = (await response.json()) as { msgCode: number; errMsg: string; data: T };
      if (envelope.msgCode !== 0) throw new Error(`${method} ${path}: ${envelope.msgCode} ${envelope.errMsg}`);
      return envelope.data;
    },
  };
}

/** An open event stream of a user: resolves `next(match)` at the first `message` event whose data matches. */
async function openStream(origin: string, who: Caller) {
  const { ticket } = await who.call<{ ticket: string }>('POST', '/api/events/ticket');
  const abort = new AbortController();
  const response = await fetch(`${origin}/api/events?ticket=${encodeURIComponent(ticket)}`, { signal: abort.signal });
  if (!response.body) throw new Error('the event stream has no body');
  const waiting: { match: (data: { kind: string; title: string }) => boolean; resolve: (at: number) => void }[] = [];
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = response.body.getReader();
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      const at = performance.now();
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const type = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (type !== 'message' || !data) continue;
        const parsed = JSON.parse(data) as { kind: string; title: string };
        const index = waiting.findIndex((w) => w.match(parsed));
        if (index >= 0) waiting.splice(index, 1)[0]!.resolve(at);
      }
    }
  })().catch(() => undefined);
  return {
    next: (match: (data: { kind: string; title: string }) => boolean) =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no message event within 10 s')), 10_000);
        waiting.push({ match, resolve: (at) => (clearTimeout(timer), resolve(at)) });
      }),
    close: async () => {
      abort.abort();
      await pump;
    },
  };
}

async function approvalToEventFigure(server: MeasuredProcess, figures: ServerFigure[]): Promise<void> {
  const [starter, manager, admin] = await Promise.all([
    caller(server.origin, TODO_USER),
    caller(server.origin, MANAGER),
    caller(server.origin, ADMIN),
  ]);
  const stream = await openStream(server.origin, starter);
  const times: number[] = [];
  try {
    for (let n = 0; n < APPROVALS; n++) {
      // 进度款支付申请 under 500,000: the project manager, then finance (the admin), whose approval ends it.
      const contractName = `压测合同${n}`;
      const { id } = await starter.call<{ id: string }>('POST', '/api/workflow/instances', {
        processId: 'progress-payment',
        projectId: PROJECT,
        form: { contractName, payee: '压测劳务公司', period: '2026-11', amount: 1000 + n },
      });
      const managerTask = (await manager.call<{ myTaskId: string }>('GET', `/api/workflow/instances/${id}`)).myTaskId;
      await manager.call('POST', `/api/workflow/tasks/${managerTask}/approve`, {});
      const adminTask = (await admin.call<{ myTaskId: string }>('GET', `/api/workflow/instances/${id}`)).myTaskId;
      const heard = stream.next((data) => data.kind === 'approval-result' && data.title.startsWith(contractName));
      const started = performance.now();
      await admin.call('POST', `/api/workflow/tasks/${adminTask}/approve`, {});
      times.push((await heard) - started);
    }
  } finally {
    await stream.close();
  }
  const p50 = median(times);
  const p95 = quantile(times, 0.95);
  console.log(
    `  approval -> starter's event stream, ${APPROVALS} approvals: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ` +
      `max ${Math.max(...times).toFixed(1)} ms`,
  );
  figures.push({
    label: 'approval -> starter event, p95 (PG)',
    value: `${p95.toFixed(1)} ms (p50 ${p50.toFixed(1)} ms, ${APPROVALS} approvals)`,
    budget: '< 1000 ms',
    met: p95 < 1000,
  });
}

export async function measureWorkflowFigures(
  server: MeasuredProcess,
  database: pg.ClientConfig,
  figures: ServerFigure[],
): Promise<void> {
  const began = performance.now();
  await addInstances(database);
  console.log(
    `  wrote ${INSTANCES.toLocaleString('en')} approval instances and their tasks in ${((performance.now() - began) / 1000).toFixed(0)} s`,
  );
  await todoFigure(server, figures);
  await approvalToEventFigure(server, figures);
}
