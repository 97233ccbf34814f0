/**
 * Three instances of the portal, real server processes on one PostgreSQL database and one shared DATA_DIR, behind a
 * round-robin balancer, with the machine's Mosquitto as the external MQTT broker (a shared subscription splits the
 * devices' messages among them), drive a site's working day: logins on one instance honoured by the others, an
 * approval with its messages and their server-sent events, a photo uploaded to one and shown by the others, a menu
 * and a role changed on one and in force on the others, a rate limit counted across all three, IoT readings over
 * MQTT and over HTTP. Then one instance is killed with SIGKILL in the middle of the traffic: the balancer goes
 * round it, the page whose event stream it held opens another on the survivors and every page gets the next message
 * exactly once, and once a supervisor has started it again every reading acknowledged to a device is stored, once.
 *
 * Runs on PostgreSQL (the CI's second pass, DATABASE_URL set); the embedded database has one owner and is skipped.
 * The broker is PORTAL_TEST_MQTT_URL (default the machine's mqtt://127.0.0.1:1883).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOverHttp } from '../../scripts/portal-login.js';
import { startFleet, type Ack, type DeviceSecret } from '../../scripts/simulate.js';
import { INTERRUPTED_MESSAGE } from '../../src/server/jobs/types.js';
import { hashPassword } from '../../src/server/accounts/passwords.js';
import { MsgCode, type Envelope } from '../../src/shared/envelope.js';
import { startBalancer, UPSTREAM_HEADER, type Balancer } from '../support/balancer.js';
import { openStream, type OpenStream } from '../support/event-stream.js';
import { freePort, sleep, startPortalProcess, until, type PortalProcess } from '../support/portal-process.js';
import type { Caller, Method } from './admin-helpers.js';
import { createTestDatabase, DEMO, idNumber, type TestDatabase } from './test-app.js';
import { material, start, approve } from './workflow-helpers.js';

const onPostgres = Boolean(process.env.DATABASE_URL);
const MQTT_URL = process.env.PORTAL_TEST_MQTT_URL || 'mqtt://127.0.0.1:1883';
const CAPTCHA = '2468';
const INSTANCES = 3;
const DEVICES = 60;
/** Readings per second of the whole fleet, half over MQTT, half over HTTP. */
const RATE = 40;
const USER_LIMIT = 120;
const IMPORT_ROWS = 40_000;
const TYPES = ['water-meter', 'electricity-meter', 'environment'];
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e3a0d40000000049454e44ae426082',
    'hex',
  ),
]);

/** A caller of the portal over HTTP at `origin` (an instance, or the balancer), with one access token. */
function httpCaller(origin: string, token: string): Caller {
  return {
    token,
    async call<T>(method: Method, url: string, payload?: unknown): Promise<Envelope<T>> {
      const response = await fetch(`${origin}${url}`, {
        method,
        headers: { 'access-token': token, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      return (await response.json()) as Envelope<T>;
    },
  };
}

let database: TestDatabase;
let dataDir = '';
const group = `multi_${randomBytes(4).toString('hex')}`;
const names = Array.from({ length: INSTANCES }, (_, i) => `multi-${i + 1}-${group}`);
const ports: number[] = [];
const instances: PortalProcess[] = [];
let balancer: Balancer;
const devices: DeviceSecret[] = Array.from({ length: DEVICES }, (_, i) => ({
  id: `multi-${i + 1}`,
  serial: `MULTI-${i + 1}`,
  secret: `multi-secret-${i + 1}`,
  deviceType: TYPES[i % TYPES.length],
}));

function startInstance(index: number): Promise<PortalProcess> {
  return startPortalProcess(ports[index], {
    DATABASE_URL: database.url!,
    DATA_DIR: dataDir,
    PORTAL_INSTANCE_NAME: names[index],
    PORTAL_DEMO: '1',
    PORTAL_SIMULATOR: 'off',
    PORTAL_CAPTCHA_FIXED: CAPTCHA,
    PORTAL_MQTT_URL: MQTT_URL,
    PORTAL_MQTT_SHARED_GROUP: group,
    PORTAL_RATE_LIMIT_USER: String(USER_LIMIT),
  });
}

const login = (who: keyof typeof DEMO, origin = balancer.origin) =>
  loginOverHttp(origin, { ...DEMO[who], captcha: CAPTCHA });

/**
 * A page's event stream opened through the balancer, and the instance that holds it. A ticket refused by the rate
 * limit (this file's users share a low one, and the tests before may have spent it) is asked for again after a
 * pause, as the page's reconnect does.
 */
async function pageStream(caller: Caller): Promise<{ stream: OpenStream; port: number }> {
  let ticket = await caller.call<{ ticket: string }>('POST', '/api/events/ticket');
  for (let tries = 0; ticket.msgCode === MsgCode.tooManyAttempts && tries < 40; tries += 1) {
    await sleep(2000);
    ticket = await caller.call<{ ticket: string }>('POST', '/api/events/ticket');
  }
  expect(ticket.msgCode).toBe(0);
  const stream = await openStream(balancer.origin, ticket.data!.ticket);
  expect(stream.status).toBe(200);
  return { stream, port: Number(stream.headers[UPSTREAM_HEADER]) };
}

const messageEvents = (stream: OpenStream) => stream.events.filter((event) => event.type === 'message');

const unread = async (caller: Caller) =>
  (await caller.call<number>('GET', '/api/MC/McMessageUser/v1.0/personalTotal')).data!;

describe.skipIf(!onPostgres)('three instances behind a balancer', () => {
  beforeAll(async () => {
    database = await createTestDatabase({ prepared: true });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-multi-'));
    await sql`insert into c_iot_device (id, project_id, name, serial, device_type)
      select 'multi-' || g, 'project-binjiang', '多实例测试设备 ' || g, 'MULTI-' || g,
        (array[${sql.join(TYPES.map((type) => sql.lit(type)))}])[1 + (g - 1) % ${sql.lit(TYPES.length)}]
      from generate_series(1, ${DEVICES}) g`.execute(database.db);
    await sql`insert into iot_credential (device_id, project_id, serial, device_type, secret)
      select id, project_id, serial, device_type, 'multi-secret-' || substr(id, 7) from c_iot_device
      where id like 'multi-%'`.execute(database.db);
    for (let i = 0; i < INSTANCES; i++) ports.push(await freePort());
    // All three start at once, as a deployment's replicas do, on the same database.
    instances.push(...(await Promise.all(ports.map((_, index) => startInstance(index)))));
    balancer = await startBalancer(ports);
  }, 300_000);

  afterAll(async () => {
    await balancer?.close();
    await Promise.all(instances.map((instance) => instance.stop('SIGTERM')));
    // The broker keeps each instance's persistent session: a clean connection under its name ends it.
    const { default: mqtt } = await import('mqtt');
    for (const name of names) {
      const client = await mqtt.connectAsync(MQTT_URL, { clientId: `zhgd-portal-${group}-${name}`, clean: true });
      await client.endAsync();
    }
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('a login through one instance is honoured by every other', async () => {
    const staff = httpCaller(balancer.origin, await login('staff'));
    for (let i = 0; i < INSTANCES * 3; i++)
      expect((await staff.call('GET', '/api/user/current/menus/treeData')).msgCode).toBe(0);
    for (const instance of instances)
      expect(
        (await httpCaller(instance.origin, staff.token!).call('GET', '/api/user/current/menus/treeData')).msgCode,
      ).toBe(0);
    for (const port of ports) expect(balancer.served.get(port)).toBeGreaterThan(0);
  });

  it('an approval reaches the approver’s pages on every instance once, and the result its starter', async () => {
    const manager = httpCaller(balancer.origin, await login('manager'));
    const staff = httpCaller(balancer.origin, await login('staff'));
    // The staff member has the portal open in three tabs, one on each instance.
    const pages: OpenStream[] = [];
    for (const instance of instances) {
      const ticket = await staff.call<{ ticket: string }>('POST', '/api/events/ticket');
      pages.push(await openStream(instance.origin, ticket.data!.ticket));
    }
    try {
      const before = await unread(staff);
      const id = await start(manager, 'material-purchase', material(12000, { materialName: '多实例止水钢板' }));
      await until('the message on every page', () => pages.every((page) => messageEvents(page).length > 0), 30_000);
      await sleep(1000);
      expect(pages.map((page) => messageEvents(page).length)).toEqual([1, 1, 1]);
      for (const instance of instances)
        expect(await unread(httpCaller(instance.origin, staff.token!))).toBe(before + 1);
      await approve(staff, id, '数量核对无误');
      await approve(manager, id);
      const results = await manager.call<{ dataList: { title: string }[] }>(
        'GET',
        '/api/MC/McMessageUser/v1.0/list?kind=approval-result&pageNo=1&pageSize=5',
      );
      expect(results.data!.dataList[0]?.title).toBe('多实例止水钢板 已通过');
    } finally {
      for (const page of pages) page.close();
    }
  });

  it('a photo uploaded to one instance is shown by the others', async () => {
    const token = await login('staff');
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), '隐患照片.png');
    const uploaded = (await (
      await fetch(`${instances[0].origin}/api/zhgd/base/updateFile`, {
        method: 'POST',
        headers: { 'access-token': token },
        body: form,
      })
    ).json()) as Envelope<{ url: string }>;
    expect(uploaded.msgCode).toBe(0);
    for (const instance of instances.slice(1)) {
      const shown = await fetch(new URL(uploaded.data!.url, instance.origin), { headers: { 'access-token': token } });
      expect(shown.status).toBe(200);
      expect(Buffer.from(await shown.arrayBuffer()).equals(PNG)).toBe(true);
    }
  });

  it('a menu renamed and a grant withdrawn on one instance are in force on the others', async () => {
    const admin = httpCaller(instances[0].origin, await login('admin', instances[0].origin));
    const staffToken = await login('staff');
    const staffMenus = async (instance: PortalProcess) => {
      const tree = await httpCaller(instance.origin, staffToken).call<
        { id: string; name: string; childList?: unknown[] }[]
      >('GET', '/api/user/current/menus/treeData');
      const flat: { id: string; name: string }[] = [];
      const walk = (nodes: { id: string; name: string; childList?: unknown[] }[]) =>
        nodes.forEach((node) => {
          flat.push(node);
          walk((node.childList ?? []) as typeof nodes);
        });
      walk(tree.data!);
      return flat;
    };
    const record = await admin.call<Record<string, unknown>>('GET', '/api/system/menu/work-bench');
    const { childList: _children, ...menu } = record.data!;
    expect((await admin.call('PUT', '/api/system/menu/work-bench', { ...menu, name: '今日工作台' })).msgCode).toBe(0);
    for (const instance of instances.slice(1))
      await until(
        'the renamed menu on another instance',
        async () => (await staffMenus(instance)).some((m) => m.id === 'work-bench' && m.name === '今日工作台'),
        10_000,
      );

    const { role_id: roleId } = await database.db
      .selectFrom('sys_user_role')
      .select('role_id')
      .where('user_id', '=', 'user-staff')
      .executeTakeFirstOrThrow();
    const role = await admin.call<Record<string, unknown> & { menuIds: string[] }>('GET', `/api/system/role/${roleId}`);
    expect(role.msgCode).toBe(0);
    const withdrawn = { ...role.data!, menuIds: role.data!.menuIds.filter((id) => id !== 'message-mine') };
    expect((await admin.call('PUT', `/api/system/role/${roleId}`, withdrawn)).msgCode).toBe(0);
    for (const instance of instances.slice(1))
      await until(
        'the withdrawn grant on another instance',
        async () => !(await staffMenus(instance)).some((m) => m.id === 'message-mine'),
        10_000,
      );
    expect((await admin.call('PUT', `/api/system/role/${roleId}`, role.data)).msgCode).toBe(0);
    expect((await admin.call('PUT', '/api/system/menu/work-bench', menu)).msgCode).toBe(0);
  });

  it('a user’s rate limit counts the requests all three instances answered', async () => {
    await database.db
      .insertInto('sys_user')
      .values({
        id: 'user-multi-busy',
        login_name: 'busy',
        name: '频繁用户',
        password_hash: await hashPassword('Busy@2026'),
        mobile: '13800009998',
        office_id: 'office-company',
        company_id: 'office-company',
        password_changed_at: new Date(),
      })
      .execute();
    await database.db
      .insertInto('sys_user_role')
      .values({ user_id: 'user-multi-busy', role_id: 'role-personal' })
      .execute();
    const busy = httpCaller(
      balancer.origin,
      await loginOverHttp(balancer.origin, { username: 'busy', password: 'Busy@2026', captcha: CAPTCHA }),
    );
    // The windows are fixed minutes: a run that crossed into the next one would be allowed the limit twice.
    const windowLeft = 60_000 - (Date.now() % 60_000);
    if (windowLeft < 25_000) await sleep(windowLeft + 250);
    let accepted = 0;
    let limited = 0;
    for (let i = 0; i < USER_LIMIT * 3; i++) {
      const answer = await busy.call('GET', '/api/user/current/menus/treeData');
      if (answer.msgCode === 0) accepted++;
      else if (answer.errMsg === '请求过于频繁，请稍后再试') limited++;
      await sleep(15);
    }
    console.log(
      `rate limit ${USER_LIMIT}/min per user over ${INSTANCES} instances: ${accepted} accepted, ${limited} refused`,
    );
    // Three counters of their own would accept all of them; the shared one stops near the limit (each instance
    // adds its hits to the shared table every second, so a second's worth may pass beyond it).
    expect(accepted).toBeGreaterThanOrEqual(USER_LIMIT - 1);
    expect(accepted).toBeLessThan(USER_LIMIT * 2);
    expect(limited).toBe(USER_LIMIT * 3 - accepted);
  }, 90_000);

  it('a job running on an instance that dies is ended by a survivor, and never run twice', async () => {
    const manager = httpCaller(balancer.origin, await login('manager'));
    const admin = httpCaller(balancer.origin, await login('admin'));
    // A workbook of 40,000 workers: an import that runs for a while, batch by batch.
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('劳务人员');
    sheet.addRow(['姓名*', '身份证号*', '手机号', '班组*', '工种*', '进场日期*', '黑名单']);
    for (let i = 0; i < IMPORT_ROWS; i++) {
      const birth = new Date(Date.UTC(1970, 0, 1) + (i % 9000) * 86_400_000)
        .toISOString()
        .slice(0, 10)
        .replace(/-/g, '');
      const order = String(100 + Math.floor(i / 9000)).padStart(3, '0');
      sheet.addRow([`断电导入${i}`, idNumber(birth, order), '', '钢筋一班', '钢筋工', '2026-09-01', '']);
    }
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(await book.xlsx.writeBuffer())]), 'workers.xlsx');
    const upload = (await (
      await fetch(`${balancer.origin}/api/data/labour-worker/import?projectId=project-binjiang`, {
        method: 'POST',
        headers: { 'access-token': manager.token! },
        body: form,
      })
    ).json()) as Envelope<{ jobId: string }>;
    expect(upload.msgCode).toBe(0);
    const jobId = upload.data!.jobId;

    // The instance that took it, once it has written rows.
    let runner = -1;
    await until(
      'the import under way',
      async () => {
        const detail = await database.db
          .selectFrom('job_detail')
          .select(['ran_by', 'progress'])
          .where('job_id', '=', jobId)
          .executeTakeFirst();
        runner = names.findIndex((name) => detail?.ran_by?.startsWith(`${name}@`));
        return runner >= 0 && ((detail?.progress as { created?: number } | null)?.created ?? 0) > 0;
      },
      120_000,
    );
    await instances[runner].stop('SIGKILL');
    const progressOf = async () =>
      (
        await manager.call<{ state: string; created: number; message?: string }>(
          'GET',
          `/api/data/labour-worker/import/${jobId}`,
        )
      ).data!;
    expect((await progressOf()).state).toBe('running');

    // A survivor finds its heartbeat overdue and ends the attempt: an import has one (its rows are not imported twice).
    // Watched in the queue's table: asking the API five times a second would meet the user's rate limit of this file.
    await until(
      'the import ended by a survivor',
      async () => {
        const { rows } = await sql<{ state: string }>`select state::text as state from pgboss.job
          where id = ${jobId}::uuid`.execute(database.db);
        return rows[0]?.state === 'failed';
      },
      180_000,
    );
    const progress = await progressOf();
    expect(progress.message).toBe(INTERRUPTED_MESSAGE);
    const log = await admin.call<{ dataList: { id: string; state: string; attempts: string; ranBy: string }[] }>(
      'GET',
      '/api/system/job/log/list?pageNo=1&pageSize=50',
    );
    expect(log.data!.dataList.find((job) => job.id === jobId)).toMatchObject({
      state: 'failed',
      attempts: '1/1',
      ranBy: names[runner],
    });
    const {
      rows: [{ imported }],
    } = await sql<{ imported: string }>`select count(*) as imported from c_labour_worker
      where name like '断电导入%'`.execute(database.db);
    console.log(
      `import of ${IMPORT_ROWS} rows cut off on ${names[runner]}: ${imported} rows kept, reported failed with "${progress.message}"`,
    );
    expect(Number(imported)).toBeGreaterThan(0);
    expect(Number(imported)).toBeLessThan(IMPORT_ROWS);

    // A supervisor starts it again.
    instances[runner] = await startInstance(runner);
  }, 420_000);

  it('an instance killed mid-traffic: nothing acknowledged is lost, pages move to the others, each message once', async () => {
    const manager = httpCaller(balancer.origin, await login('manager'));
    const staff = httpCaller(balancer.origin, await login('staff'));
    const acks: Ack[] = [];
    const fleet = startFleet({
      origin: balancer.origin,
      mqttUrl: MQTT_URL,
      devices,
      via: 'both',
      rate: RATE,
      reconnectMs: 300,
      onAck: (ack) => acks.push(ack),
    });
    const victim = 1;
    const pages: { stream: OpenStream; port: number }[] = [];
    try {
      // Three tabs of the staff member through the balancer, until one is held by the instance about to die.
      while (!pages.some((page) => page.port === ports[victim]) || pages.length < 3)
        pages.push(await pageStream(staff));
      await until(
        'readings of both carriers acknowledged',
        () => acks.some((a) => a.carrier === 'mqtt') && acks.filter((a) => a.carrier === 'http').length > 50,
        60_000,
      );

      await instances[victim].stop('SIGKILL');
      const killedAt = Date.now();
      const orphaned = pages.filter((page) => page.port === ports[victim]);
      await Promise.all(orphaned.map((page) => page.stream.ended));
      // The page asks for a new ticket and opens its stream again (EventSource's retry), through the balancer.
      const live = pages.filter((page) => page.port !== ports[victim]);
      for (const page of orphaned) {
        page.stream.close();
        live.push(await pageStream(staff));
      }
      expect(live.every((page) => page.port !== ports[victim])).toBe(true);

      const before = live.map((page) => messageEvents(page.stream).length);
      await start(manager, 'material-purchase', material(8000, { materialName: '断电后的钢筋' }));
      await Promise.all(
        live.map((page) =>
          until(
            'the message on each page',
            () => messageEvents(page.stream).length > before[live.indexOf(page)],
            30_000,
          ),
        ),
      );
      await sleep(1000);
      expect(live.map((page, i) => messageEvents(page.stream).length - before[i])).toEqual(live.map(() => 1));
      for (const page of live) page.stream.close();

      // The HTTP devices went on reporting through the survivors.
      await until(
        'HTTP readings acknowledged after the kill',
        () => acks.filter((a) => a.carrier === 'http' && a.ts > killedAt).length > 50,
        60_000,
      );
    } finally {
      await fleet.stop();
    }

    // A supervisor starts it again; the broker hands it what it held for it.
    instances[victim] = await startInstance(victim);
    const key = (deviceId: string, ms: number) => `${deviceId} ${ms}`;
    let missing: Ack[] = [];
    await until(
      'every acknowledged reading stored',
      async () => {
        const { rows } = await sql<{ deviceId: string; ms: string }>`select distinct device_id as "deviceId",
          round(extract(epoch from ts) * 1000)::bigint as ms
        from iot_reading where device_id like 'multi-%'`.execute(database.db);
        const stored = new Set(rows.map((row) => key(row.deviceId, Number(row.ms))));
        missing = acks.filter((ack) => !stored.has(key(ack.device.id, ack.ts)));
        return missing.length === 0;
      },
      60_000,
    ).catch(() => undefined);
    const counts = {
      httpAcknowledged: acks.filter((a) => a.carrier === 'http').length,
      mqttAcknowledged: acks.filter((a) => a.carrier === 'mqtt').length,
      missing: missing.length,
      stored: acks.length - missing.length,
      requestsPerInstance: Object.fromEntries([...balancer.served].map(([port, n]) => [names[ports.indexOf(port)], n])),
      fleet: fleet.stats.failed
        ? `${fleet.stats.failed} readings got no answer (not acknowledged)`
        : 'every reading answered',
    };
    console.log('multi-instance counts', JSON.stringify(counts, null, 2));
    expect(missing.map((ack) => `${ack.device.id} ${new Date(ack.ts).toISOString()} (${ack.carrier})`)).toEqual([]);
    expect(counts.httpAcknowledged).toBeGreaterThan(100);
    expect(counts.mqttAcknowledged).toBeGreaterThan(50);
  }, 300_000);
});
