/**
 * Warnings of the IoT platform: each threshold a reading reaches opens exactly one warning until it is closed
 * (a recovery and further readings over it open nothing more); thresholds follow the standards (moment 90 % and
 * 100 %, wind level 6, night noise as a 20-minute Leq under GB 12523, 里表温差 under GB 50496); a warning is acknowledged and closed
 * with a note, by people allowed to, within their projects.
 */
import { describe, expect, it, vi } from 'vitest';
import { telemetryHeaders } from '../support/device-calls.js';
import { useCallers, type PageData } from './admin-helpers.js';
import { json, useTestApp } from './test-app.js';

const PROJECT = 'project-binjiang';
const t = useTestApp();
const who = useCallers(t);

type Row = Record<string, unknown> & { id: string; version: number };

async function device(serial: string, deviceType: string) {
  const created = await who.manager.call<{ id: string }>('POST', '/api/data/iot-device', {
    projectId: PROJECT,
    name: `设备 ${serial}`,
    deviceType,
    serial,
  });
  expect(created.msgCode, created.errMsg).toBe(0);
  const issued = await who.manager.call<{ secret: string }>('POST', `/api/iot/v1.0/devices/${created.data!.id}/secret`);
  return { id: created.data!.id, serial, secret: issued.data!.secret };
}

async function report(d: { id: string; secret: string }, values: Record<string, number>, ts = Date.now()) {
  await send(d, { ts, values });
}

async function send(d: { id: string; secret: string }, body: unknown) {
  const raw = JSON.stringify(body);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/iot/v1.0/telemetry',
    headers: telemetryHeaders(d.id, d.secret, raw),
    payload: raw,
  });
  expect(json(response).msgCode).toBe(0);
}

async function warningsOf(deviceId: string): Promise<Row[]> {
  const page = await who.manager.call<PageData<Row>>(
    'GET',
    `/api/data/iot-warning?projectId=${PROJECT}&pageNo=1&pageSize=50&deviceId=${deviceId}`,
  );
  expect(page.msgCode).toBe(0);
  return page.data!.dataList;
}

const crane = (momentPercent: number, windSpeed = 3) => ({
  load: 3,
  momentPercent,
  windSpeed,
  radius: 30,
  height: 40,
  slewAngle: 10,
  tilt: 0.2,
});

describe('thresholds open warnings', () => {
  it('opens one early warning at 90 % moment and one alarm at 100 %, however many readings cross them', async () => {
    const tc = await device('W-TC-01', 'tower-crane');
    const start = Date.now() - 10 * 60_000;
    await report(tc, crane(60), start);
    expect(await warningsOf(tc.id)).toEqual([]);
    await report(tc, crane(91.5), start + 10_000);
    await report(tc, crane(93), start + 20_000);
    await report(tc, crane(104.2), start + 30_000);
    await report(tc, crane(50), start + 40_000);
    await report(tc, crane(95), start + 50_000);
    const warnings = await warningsOf(tc.id);
    expect(warnings.map((w) => [w.thresholdId, w.value, w.levelLabel, w.statusLabel]).sort()).toEqual([
      ['moment-alarm', 104.2, '报警', '待处理'],
      ['moment-early', 91.5, '预警', '待处理'],
    ]);
    const alarm = warnings.find((w) => w.thresholdId === 'moment-alarm')!;
    // The manager registered the crane (no one else is responsible for it): two 设备预警 messages.
    const messages = await who.manager.call<{ dataList: { title: string; link: string }[] }>(
      'GET',
      '/api/MC/McMessageUser/v1.0/list?kind=device-warning&pageNo=1&pageSize=50',
    );
    // Each opens its own warning (alerts/device-warning.json).
    const early = warnings.find((w) => w.thresholdId === 'moment-early')!;
    expect(messages.data!.dataList.filter((m) => m.title.startsWith('设备 W-TC-01：'))).toEqual([
      expect.objectContaining({ title: '设备 W-TC-01：力矩超限', link: `/iotDevices/warning/${String(alarm.id)}` }),
      expect.objectContaining({ title: '设备 W-TC-01：力矩达到 90%', link: `/iotDevices/warning/${String(early.id)}` }),
    ]);
    expect(alarm).toMatchObject({
      title: '力矩超限',
      deviceIdLabel: '设备 W-TC-01',
      valueText: '104.2% / 100%',
      standard: 'GB/T 28264-2017',
    });
  });

  it('opens a wind warning at level 6 (10.8 m/s) and 里表温差 at 25 ℃', async () => {
    const tc = await device('W-TC-02', 'tower-crane');
    await report(tc, crane(40, 11.2));
    expect((await warningsOf(tc.id)).map((w) => w.title)).toEqual(['风速达到 6 级，停止吊装作业']);
    const ct = await device('W-CT-01', 'concrete-temperature');
    // 22 ℃ core to surface, 18 ℃ surface to air: within GB 50496.
    await report(ct, { core: 60, middle: 50, surface: 38, ambient: 20 }, Date.now() - 60_000);
    expect(await warningsOf(ct.id)).toEqual([]);
    await report(ct, { core: 64.5, middle: 52, surface: 38.5, ambient: 20 });
    expect(await warningsOf(ct.id)).toEqual([
      expect.objectContaining({
        thresholdId: 'core-surface',
        title: '里表温差超过 25℃',
        metric: '中心温度与表面温度之差',
        value: 26,
        valueText: '26℃ / 25℃',
      }),
    ]);
  });

  it('judges noise by day and by night (GB 12523): a 20-minute Leq of 60 dB(A) is fine by day, an alarm at night', async () => {
    const env = await device('W-ENV-01', 'environment');
    const air = { pm25: 30, pm10: 60, temperature: 10, humidity: 60, windSpeed: 1, windDirection: 90 };
    const today = new Date();
    // 14:00 and 23:00 China time today (06:00 and 15:00 UTC), both within the last day.
    const at = (utcHour: number, minute: number) =>
      Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), utcHour, minute) -
      (Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), utcHour, minute) + 21 * 60_000 >
      Date.now()
        ? 86_400_000
        : 0);
    // A reading a minute through the 20 minutes, and the first of the next window, which has the 20 judged.
    const twentyMinutes = (start: number) =>
      Array.from({ length: 21 }, (_, i) => ({ ts: start + i * 60_000, values: { ...air, noise: 60 } }));
    await send(env, { readings: twentyMinutes(at(6, 0)) });
    expect(await warningsOf(env.id)).toEqual([]);
    await send(env, { readings: twentyMinutes(at(15, 0)) });
    expect(await warningsOf(env.id)).toEqual([
      expect.objectContaining({
        thresholdId: 'noise-night',
        title: '夜间噪声 20 分钟等效声级超过 55 dB(A)',
        metric: '噪声20分钟等效声级',
        value: 60,
        limit: 55,
      }),
    ]);
  });
  it('in a storm of crossings answers every reading once stored and still opens one warning per device', async () => {
    // More devices cross at once than the warnings written while their readings wait (16): the rest are answered
    // without waiting, and their warnings follow.
    const cranes: Awaited<ReturnType<typeof device>>[] = [];
    for (let i = 1; i <= 24; i++) cranes.push(await device(`W-STORM-${i}`, 'tower-crane'));
    const overloaded = crane(112);
    const sent = Date.now() - 120_000;
    await Promise.all(cranes.map((m) => report(m, overloaded, sent)));
    await Promise.all(cranes.map((m) => report(m, overloaded, sent + 1000)));
    const alarms = async (deviceId: string) =>
      (await warningsOf(deviceId)).filter((w) => w.thresholdId === 'moment-alarm').length;
    await vi.waitFor(
      async () => {
        for (const m of cranes) expect(await alarms(m.id)).toBe(1);
      },
      { timeout: 60_000, interval: 200 },
    );
    await Promise.all(cranes.map((m) => report(m, overloaded, sent + 2000)));
    for (const m of cranes) expect(await alarms(m.id)).toBe(1);
  });
});

describe('handling a warning', () => {
  it('is acknowledged, closed with a note, and the next crossing opens a new one', async () => {
    const hoist = await device('W-HS-01', 'hoist');
    const values = { load: 2100, loadPercent: 105, height: 20, speed: 0, doorOpen: 1 };
    await report(hoist, values, Date.now() - 60_000);
    const [open] = (await warningsOf(hoist.id)).filter((w) => w.thresholdId === 'overload');
    expect(open).toMatchObject({ title: '升降机超载', status: 'open' });

    expect(
      await who.none.call('POST', `/api/data/iot-warning/${open.id}/transition`, { action: 'acknowledge', version: 1 }),
    ).toMatchObject({ msgCode: -401 });
    const acked = await who.manager.call<Row>('POST', `/api/data/iot-warning/${open.id}/transition`, {
      action: 'acknowledge',
      version: open.version,
      ackRemark: '已通知司机卸载',
    });
    expect(acked.data).toMatchObject({ status: 'acknowledged', statusLabel: '处理中' });
    const noNote = await who.manager.call('POST', `/api/data/iot-warning/${open.id}/transition`, {
      action: 'close',
      version: acked.data!.version,
    });
    expect(noNote).toMatchObject({ msgCode: -400, errMsg: '请填写处理说明' });

    // Still overloaded while it is being handled: nothing new.
    await report(hoist, values, Date.now() - 50_000);
    expect((await warningsOf(hoist.id)).filter((w) => w.thresholdId === 'overload')).toHaveLength(1);

    const closed = await who.manager.call<Row>('POST', `/api/data/iot-warning/${open.id}/transition`, {
      action: 'close',
      version: acked.data!.version,
      closeNote: '超载部分已卸下，限载装置校验正常',
    });
    expect(closed.data).toMatchObject({ status: 'closed', closeNote: '超载部分已卸下，限载装置校验正常' });
    await report(hoist, values, Date.now() - 40_000);
    const overloads = (await warningsOf(hoist.id)).filter((w) => w.thresholdId === 'overload');
    expect(overloads.map((w) => w.status).sort()).toEqual(['closed', 'open']);
  });

  it('shows no warning of a project the caller cannot see', async () => {
    const tc = await device('W-TC-03', 'tower-crane');
    await report(tc, crane(120));
    const [warning] = await warningsOf(tc.id);
    expect((await who.admin.call('GET', `/api/data/iot-warning/${warning.id}`)).msgCode).toBe(0);
    expect((await who.none.call('GET', `/api/data/iot-warning/${warning.id}`)).msgCode).toBe(-401);
  });
});

describe('POST /api/device/base/v1.0/devWarnData', () => {
  type Page = { dataList: Record<string, string>[]; total: number; unhandled: number };
  const post = (caller: typeof who.manager, body: Record<string, unknown>) =>
    caller.call<Page>('POST', '/api/device/base/v1.0/devWarnData', body);

  it('answers the warnings above in the spec shape: newest first, filtered, paged, counted', async () => {
    const all = await post(who.manager, { projectName: '滨江花园住宅工程', pageSize: 100 });
    expect(all.msgCode).toBe(0);
    const rows = all.data!.dataList;
    expect(rows.length).toBe(all.data!.total);
    expect(rows.map((row) => row.warnTime)).toEqual([...rows.map((row) => row.warnTime)].sort().reverse());
    expect(all.data!.unhandled).toBe(rows.filter((row) => row.status === '0').length);
    expect(rows.find((row) => row.deviceCode === 'W-HS-01' && row.status === '1')).toMatchObject({
      deviceName: '设备 W-HS-01',
      deviceType: '升降机监测',
      warnType: '升降机超载',
      warnLevel: '3',
      content: '载重百分比 105%，阈值 100%',
      projectName: '滨江花园住宅工程',
    });
    const alarmsOpen = await post(who.manager, {
      projectName: '滨江花园住宅工程',
      status: '0',
      warnLevel: '3',
      pageSize: 100,
    });
    expect(alarmsOpen.data!.dataList.every((row) => row.status === '0' && row.warnLevel === '3')).toBe(true);
    expect(alarmsOpen.data!.total).toBe(rows.filter((row) => row.status === '0' && row.warnLevel === '3').length);
    const paged = await post(who.manager, { projectName: '滨江花园住宅工程', pageSize: 2, pageNum: 2 });
    expect(paged.data!.dataList.map((row) => row.id)).toEqual(rows.slice(2, 4).map((row) => row.id));
    expect(await post(who.manager, { warnLevel: '9' })).toMatchObject({
      msgCode: -400,
      errMsg: '告警级别只能是 1、2 或 3',
    });
    expect((await post(who.none, {})).msgCode).toBe(-401);
  });
});
