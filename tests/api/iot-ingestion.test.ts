/**
 * The IoT platform's ingestion (modules/iot): a device registered in a project gets a secret, reports signed
 * readings over HTTP and over MQTT (the embedded broker, and an external broker by URL), and every bad reading
 * is refused with its reason, counted and never stored. Rollups equal the raw readings they summarize; a chart's
 * history is read only within the caller's projects.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { Aedes } from 'aedes';
import { sql } from 'kysely';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDeviceCall } from '../../src/server/module-api.js';
import { useCallers, type PageData } from './admin-helpers.js';
import { addOutsiderProject, OTHER_COMPANY_PROJECT } from './outsider-project.js';
import { json, useTestApp } from './test-app.js';

const PROJECT = 'project-binjiang';
const t = useTestApp({ environment: { PORTAL_MQTT_PORT: '0' } });
const who = useCallers(t);

interface Issued {
  /** The id the device is known by on the wire (X-Device-Id, MQTT user name and topic). */
  deviceId: string;
  serial: string;
  secret: string;
  mqttTopic: string;
  mqttPort: number;
}

const CRANE_VALUES = {
  load: 2.4,
  momentPercent: 46.5,
  windSpeed: 3.2,
  radius: 28,
  height: 41.5,
  slewAngle: 120,
  tilt: 0.3,
};

async function registerDevice(serial: string, deviceType = 'tower-crane'): Promise<{ id: string } & Issued> {
  const created = await who.manager.call<{ id: string }>('POST', '/api/data/iot-device', {
    projectId: PROJECT,
    name: `设备 ${serial}`,
    deviceType,
    serial,
    location: '3号楼北侧',
  });
  expect(created.msgCode, created.errMsg).toBe(0);
  const id = created.data!.id;
  const issued = await who.manager.call<Issued>('POST', `/api/iot/v1.0/devices/${id}/secret`);
  expect(issued.msgCode).toBe(0);
  return { id, ...issued.data! };
}

async function postSigned(
  device: Issued,
  body: unknown,
  options: { nonce?: string; timestamp?: number; secret?: string; raw?: string } = {},
) {
  const raw = options.raw ?? JSON.stringify(body);
  const timestamp = options.timestamp ?? Date.now();
  const nonce = options.nonce ?? randomUUID().replace(/-/g, '');
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/iot/v1.0/telemetry',
    headers: {
      'content-type': 'application/json',
      'x-device-id': device.deviceId,
      'x-timestamp': String(timestamp),
      'x-nonce': nonce,
      'x-signature': signDeviceCall(options.secret ?? device.secret, {
        method: 'POST',
        path: '/api/iot/v1.0/telemetry',
        deviceId: device.deviceId,
        timestamp: String(timestamp),
        nonce,
        body: raw,
      }),
    },
    payload: raw,
  });
  return { ...json<{ stored?: number; reason?: string }>(response), nonce, timestamp, raw };
}

async function storedRows(deviceId: string): Promise<number> {
  const { rows } = await sql<{
    n: string;
  }>`select count(*) as n from iot_reading where device_id = ${deviceId}`.execute(t.db);
  return Number(rows[0].n);
}

async function refusals(deviceId: string): Promise<Record<string, number>> {
  const { rows } = await sql<{ reason: string; count: number }>`select reason, sum(count)::int as count
    from iot_refusal where device_id = ${deviceId} group by reason`.execute(t.db);
  return Object.fromEntries(rows.map((row) => [row.reason, row.count]));
}

describe('devices and their secrets', () => {
  it('registers a device and issues its secret once, with the MQTT topic', async () => {
    const device = await registerDevice('TC-001');
    expect(device.serial).toBe('TC-001');
    expect(device.deviceId).toBe(device.id);
    expect(device.secret.length).toBeGreaterThanOrEqual(32);
    expect(device.mqttTopic).toBe(`devices/${device.id}/telemetry`);
    expect(device.mqttPort).toBeGreaterThan(0);
    const list = await who.manager.call<PageData<Record<string, unknown>>>(
      'GET',
      `/api/data/iot-device?projectId=${PROJECT}&pageNo=1&pageSize=50&serial=TC-001`,
    );
    expect(list.data!.dataList[0]).toMatchObject({ serial: 'TC-001', onlineLabel: '未上报', connected: true });
    expect(JSON.stringify(list.data)).not.toContain(device.secret);
  });

  it("takes a serial another company's device has, saying nothing of it; the two report apart", async () => {
    await addOutsiderProject(t.db);
    // Another company's device, registered by the platform administrator.
    const theirs = await who.admin.call<{ id: string }>('POST', '/api/data/iot-device', {
      projectId: OTHER_COMPANY_PROJECT,
      name: '外单位塔吊',
      deviceType: 'tower-crane',
      serial: 'SHARED-SN-1',
    });
    expect(theirs.msgCode, theirs.errMsg).toBe(0);
    const theirSecret = await who.admin.call<Issued>('POST', `/api/iot/v1.0/devices/${theirs.data!.id}/secret`);
    expect(theirSecret.msgCode).toBe(0);
    // The same serial in our project: registered and given a secret as if no one else had it.
    const ours = await registerDevice('SHARED-SN-1');
    expect(ours.deviceId).not.toBe(theirs.data!.id);
    // Twice in one project is the registry's own rule.
    const twice = await who.manager.call('POST', '/api/data/iot-device', {
      projectId: PROJECT,
      name: '重复编号',
      deviceType: 'tower-crane',
      serial: 'SHARED-SN-1',
    });
    expect(twice).toMatchObject({ msgCode: -409, errMsg: '该设备编号已在本项目登记' });
    // Each reports under its own id and secret; neither can sign for the other.
    expect((await postSigned(ours, { values: CRANE_VALUES })).msgCode).toBe(0);
    expect((await postSigned(theirSecret.data!, { values: CRANE_VALUES })).msgCode).toBe(0);
    expect(await postSigned({ ...ours, secret: theirSecret.data!.secret }, { values: CRANE_VALUES })).toMatchObject({
      msgCode: -401,
      data: { reason: 'bad-signature' },
    });
    expect(await storedRows(ours.id)).toBe(7);
    expect(await storedRows(theirs.data!.id)).toBe(7);
  });

  it('refuses a secret to a caller without the right or outside the project', async () => {
    const device = await registerDevice('TC-002');
    expect((await who.none.call('POST', `/api/iot/v1.0/devices/${device.id}/secret`)).msgCode).toBe(-401);
    expect((await who.none.call('GET', `/api/iot/v1.0/devices/${device.id}/series?range=1h`)).msgCode).toBe(-401);
  });
});

describe('signed readings over HTTP', () => {
  let crane: { id: string } & Issued;
  beforeAll(async () => {
    crane = await registerDevice('TC-HTTP');
  });

  it('stores a signed reading once, and the device shows online with its last values', async () => {
    const sent = await postSigned(crane, { values: CRANE_VALUES });
    expect(sent).toMatchObject({ msgCode: 0, data: { stored: 7 } });
    expect(await storedRows(crane.id)).toBe(7);
    const list = await who.manager.call<PageData<Record<string, unknown>>>(
      'GET',
      `/api/data/iot-device?projectId=${PROJECT}&pageNo=1&pageSize=50&serial=TC-HTTP`,
    );
    const row = list.data!.dataList[0];
    expect(row).toMatchObject({ online: true, onlineLabel: '在线' });
    expect(String(row.lastValuesText)).toContain('力矩百分比 46.5%');
  });

  it('refuses a replayed request, and the same readings under a new nonce', async () => {
    const body = { ts: Date.now() - 60_000, values: CRANE_VALUES };
    const first = await postSigned(crane, body);
    expect(first.msgCode).toBe(0);
    const again = await postSigned(crane, body, { nonce: first.nonce, timestamp: first.timestamp });
    expect(again).toMatchObject({ msgCode: -409, data: { reason: 'replayed' } });
    const resent = await postSigned(crane, body);
    expect(resent).toMatchObject({ msgCode: -409, data: { reason: 'replayed' } });
    expect(await storedRows(crane.id)).toBe(14);
  });

  it('refuses a wrong signature, an unknown device and a stale request', async () => {
    const wrong = await postSigned(crane, { values: CRANE_VALUES }, { secret: 'not-the-secret' });
    expect(wrong).toMatchObject({ msgCode: -401, errMsg: '签名不正确', data: { reason: 'bad-signature' } });
    const unknown = await postSigned({ ...crane, deviceId: 'NO-SUCH-DEVICE' }, { values: CRANE_VALUES });
    expect(unknown).toMatchObject({ msgCode: -401, data: { reason: 'unknown-device' } });
    const stale = await postSigned(crane, { values: CRANE_VALUES }, { timestamp: Date.now() - 10 * 60_000 });
    expect(stale).toMatchObject({ msgCode: -401, data: { reason: 'stale-request' } });
  });

  it('refuses bad readings with their reason, stores none of them, and counts each', async () => {
    const before = await storedRows(crane.id);
    const cases: [unknown, string, RegExp][] = [
      [
        { values: { ...CRANE_VALUES, momentPercent: 250 } },
        'out-of-range',
        /力矩百分比（momentPercent）的值 250 超出合理范围 0～200%/,
      ],
      [{ values: { load: 1 } }, 'missing-metric', /缺少指标/],
      [{ values: { ...CRANE_VALUES, pm10: 12 } }, 'unknown-metric', /塔吊监测没有指标 pm10/],
      [{ values: { ...CRANE_VALUES, load: '2.4' } }, 'malformed', /起重量（load）必须是数值/],
      [{ ts: Date.now() + 3600_000, values: CRANE_VALUES }, 'future', /晚于服务器时间/],
      [{ ts: '2001-01-01T00:00:00Z', values: CRANE_VALUES }, 'too-old', /早于数据保留期/],
      [{ readings: [] }, 'malformed', /readings 不能为空/],
    ];
    for (const [body, reason, message] of cases) {
      const sent = await postSigned(crane, body);
      expect(sent.msgCode, reason).toBe(-400);
      expect(sent.errMsg).toMatch(message);
      expect(sent.data).toEqual({ reason });
    }
    const notJson = await postSigned(crane, undefined, { raw: '{"values": ' });
    expect(notJson).toMatchObject({ msgCode: -400, errMsg: '消息不是有效的 JSON' });
    expect(await storedRows(crane.id)).toBe(before);
    const counted = await refusals(crane.id);
    expect(counted).toMatchObject({ 'out-of-range': 1, 'missing-metric': 1, 'unknown-metric': 1, future: 1 });
    expect(counted.malformed).toBe(2);
  });

  it('keeps rollups equal to the raw readings they summarize', async () => {
    const device = await registerDevice('ENV-ROLLUP', 'environment');
    const base = Date.now() - 50 * 60_000;
    const readings = Array.from({ length: 40 }, (_, i) => ({
      ts: base + i * 37_000,
      values: {
        pm25: 30 + (i % 7),
        pm10: 60 + ((i * 13) % 50),
        noise: 50 + (i % 11),
        temperature: 12.5,
        humidity: 60,
        windSpeed: 1.5,
        windDirection: 90,
      },
    }));
    expect((await postSigned(device, { readings: readings.slice(0, 25) })).data).toEqual({ stored: 175 });
    expect((await postSigned(device, { readings: readings.slice(25) })).data).toEqual({ stored: 105 });
    for (const grain of ['minute', 'hour'] as const) {
      const { rows } = await sql<{ mismatches: string }>`select count(*) as mismatches from (
          select metric, date_trunc(${grain}, ts) as bucket, count(*)::int as count, sum(value) as sum,
            min(value) as min, max(value) as max, avg(value) as avg
          from iot_reading where device_id = ${device.id} group by 1, 2
        ) raw full join (select * from iot_rollup where device_id = ${device.id} and grain = ${grain}) r
          on r.metric = raw.metric and r.bucket = raw.bucket
        where r.count is distinct from raw.count or abs(r.sum - raw.sum) > 1e-9 or r.min is distinct from raw.min
          or r.max is distinct from raw.max or abs(r.sum / r.count - raw.avg) > 1e-9`.execute(t.db);
      expect(Number(rows[0].mismatches), grain).toBe(0);
      // The comparison above would pass on two empty sets: the buckets are really there.
      const { rows: buckets } = await sql<{ n: string }>`select count(*) as n from iot_rollup
        where device_id = ${device.id} and grain = ${grain}`.execute(t.db);
      expect(Number(buckets[0].n), grain).toBeGreaterThanOrEqual(grain === 'minute' ? 7 * 20 : 7);
    }
    const hour = await who.manager.call<{ name: string; value: number; series: string }[]>(
      'GET',
      `/api/iot/v1.0/devices/${device.id}/series?range=1h&metric=pm10`,
    );
    expect(hour.data).toHaveLength(40);
    expect(hour.data![0]).toMatchObject({ series: 'PM10（μg/m³）', value: 60 });
    const day = await who.manager.call<{ name: string; value: number }[]>(
      'GET',
      `/api/iot/v1.0/devices/${device.id}/series?range=24h&metric=pm10`,
    );
    expect(day.data!.length).toBeGreaterThan(20);
    expect(day.data!.length).toBeLessThan(40);
    const unknownMetric = await who.manager.call(
      'GET',
      `/api/iot/v1.0/devices/${device.id}/series?range=1h&metric=load`,
    );
    expect(unknownMetric).toMatchObject({ msgCode: -400, errMsg: '环境监测没有指标 load' });
  });
});

describe('readings over MQTT', () => {
  let device: { id: string } & Issued;
  beforeAll(async () => {
    device = await registerDevice('HOIST-MQTT', 'hoist');
  });

  it('refuses a connection with a wrong secret', async () => {
    await expect(
      mqtt.connectAsync(`mqtt://127.0.0.1:${device.mqttPort}`, {
        username: device.deviceId,
        password: 'wrong',
        reconnectPeriod: 0,
        connectTimeout: 5000,
      }),
    ).rejects.toThrow();
  });

  it('stores a reading before acknowledging it, and tells the device why a reading was refused', async () => {
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${device.mqttPort}`, {
      username: device.deviceId,
      password: device.secret,
      reconnectPeriod: 0,
    });
    try {
      const refused = new Promise<string>((resolve) =>
        client.on('message', (_topic, payload) => resolve(String(payload))),
      );
      await client.subscribeAsync(`devices/${device.deviceId}/refused`);
      const values = { load: 800, loadPercent: 40, height: 35.5, speed: 30, doorOpen: 0 };
      await client.publishAsync(device.mqttTopic, JSON.stringify({ values }), { qos: 1 });
      expect(await storedRows(device.id)).toBe(5);
      await client.publishAsync(device.mqttTopic, JSON.stringify({ values: { ...values, loadPercent: 900 } }), {
        qos: 1,
      });
      expect(JSON.parse(await refused)).toMatchObject({ reason: 'out-of-range' });
      expect(await storedRows(device.id)).toBe(5);
    } finally {
      await client.endAsync();
    }
  });
});

describe('one reading, stored once whichever way it comes', () => {
  it('stores a reading published twice over MQTT (a QoS 1 resend) once, and refuses it again over HTTP', async () => {
    const device = await registerDevice('HOIST-ONCE', 'hoist');
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${device.mqttPort}`, {
      username: device.deviceId,
      password: device.secret,
      reconnectPeriod: 0,
    });
    const reading = {
      ts: Date.now() - 30_000,
      values: { load: 650, loadPercent: 32.5, height: 18, speed: 0, doorOpen: 1 },
    };
    try {
      // A device whose PUBACK was lost sends the same message again: the second copy is acknowledged, not stored.
      await client.publishAsync(device.mqttTopic, JSON.stringify(reading), { qos: 1 });
      await client.publishAsync(device.mqttTopic, JSON.stringify(reading), { qos: 1 });
    } finally {
      await client.endAsync();
    }
    expect(await storedRows(device.id)).toBe(5);
    // The same reading over HTTP, signed with a fresh nonce: a replay of what MQTT stored.
    expect(await postSigned(device, reading)).toMatchObject({ msgCode: -409, data: { reason: 'replayed' } });
    expect(await storedRows(device.id)).toBe(5);
    expect(await refusals(device.id)).toEqual({ replayed: 2 });
    const { rows } = await sql<{ count: number }>`select sum(count)::int as count from iot_rollup
      where device_id = ${device.id} and grain = 'minute'`.execute(t.db);
    expect(rows[0].count).toBe(5);
  });
});

describe('the embedded broker', () => {
  it('starts on a free port when its port is taken by another broker, and says which', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const other = await t.sibling({ environment: { PORTAL_MQTT_PORT: String(port) } });
      const created = await who.manager.call<{ id: string }>('POST', '/api/data/iot-device', {
        projectId: PROJECT,
        name: '备用端口设备',
        deviceType: 'water-meter',
        serial: 'WM-PORT',
      });
      const response = await other.inject({
        method: 'POST',
        url: `/api/iot/v1.0/devices/${created.data!.id}/secret`,
        headers: { 'access-token': who.manager.token! },
      });
      const issued = json<Issued>(response).data!;
      expect(issued.mqttPort).toBeGreaterThan(0);
      expect(issued.mqttPort).not.toBe(port);
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${issued.mqttPort}`, {
        username: issued.deviceId,
        password: issued.secret,
        reconnectPeriod: 0,
      });
      await client.endAsync();
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });
});

/** The machine's own MQTT broker (a Mosquitto on 1883), when there is one: shared subscriptions are real there. */
const MOSQUITTO = 'mqtt://127.0.0.1:1883';
const mosquittoUp = await mqtt
  .connectAsync(MOSQUITTO, { reconnectPeriod: 0, connectTimeout: 2000 })
  .then(async (client) => {
    await client.endAsync();
    return true;
  })
  .catch(() => false);

describe.skipIf(!mosquittoUp)('several instances on an external broker with $share (the local Mosquitto)', () => {
  it("split the devices' messages: each reading reaches one instance and is stored once", async () => {
    const serial = `SH-${randomUUID().slice(0, 8)}`;
    const device = await registerDevice(serial, 'water-meter');
    const group = `zhgd-test-${randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 2; i += 1)
      await t.sibling({ environment: { PORTAL_MQTT_URL: MOSQUITTO, PORTAL_MQTT_SHARED_GROUP: group } });
    await new Promise((resolve) => setTimeout(resolve, 500));
    const publisher = await mqtt.connectAsync(MOSQUITTO, { reconnectPeriod: 0 });
    try {
      const start = Date.now() - 60_000;
      for (let i = 0; i < 20; i += 1)
        await publisher.publishAsync(
          device.mqttTopic,
          JSON.stringify({ ts: start + i * 1000, values: { total: 100 + i } }),
          { qos: 1 },
        );
      await expect.poll(() => storedRows(device.id), { timeout: 10_000 }).toBe(20);
      // Had both instances received every message, the second copy of each would have been refused as a replay.
      expect(await refusals(device.id)).toEqual({});
    } finally {
      await publisher.endAsync();
    }
  });
});

describe('an external MQTT broker', () => {
  let broker: Aedes;
  let server: Server;
  let port = 0;
  beforeAll(async () => {
    broker = await Aedes.createBroker();
    server = createServer(broker.handle);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('stores what devices publish to the broker named by PORTAL_MQTT_URL', async () => {
    const device = await registerDevice('WM-EXT', 'water-meter');
    // aedes, standing in for EMQX here, has no $share: the plain subscription of one instance.
    await t.sibling({ environment: { PORTAL_MQTT_URL: `mqtt://127.0.0.1:${port}`, PORTAL_MQTT_SHARED_GROUP: '' } });
    const publisher = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, { reconnectPeriod: 0 });
    try {
      let stored = 0;
      for (let attempt = 0; attempt < 50 && stored === 0; attempt += 1) {
        // The portal's subscription may still be on its way: publish until a reading lands.
        await publisher.publishAsync(device.mqttTopic, JSON.stringify({ ts: Date.now(), values: { total: 1234.5 } }), {
          qos: 1,
        });
        await new Promise((resolve) => setTimeout(resolve, 100));
        stored = await storedRows(device.id);
      }
      expect(stored).toBeGreaterThan(0);
    } finally {
      await publisher.endAsync();
    }
  });
});
