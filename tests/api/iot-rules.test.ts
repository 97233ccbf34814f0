/**
 * The IoT rules beyond one reading: mass concrete cooling over 2 ℃ a day (GB 50496), judged from the hour rollups
 * once per probe and day; and a device's own thresholds (a crane's other rated moment line, a local limit of the
 * PM10 24-hour mean), checked when saved and applied by the rules.
 */
import { describe, expect, it } from 'vitest';
import { TelemetryStore } from '../../modules/iot/server/telemetry-store.js';
import { telemetryHeaders } from '../support/device-calls.js';
import { useCallers, type PageData } from './admin-helpers.js';
import { json, useTestApp } from './test-app.js';

const PROJECT = 'project-binjiang';
const HOUR = 3600_000;
const t = useTestApp();
const who = useCallers(t);

type Row = Record<string, unknown> & { id: string; version: number };
const secrets = new Map<string, string>();

async function device(serial: string, deviceType: string, extra: Record<string, unknown> = {}) {
  const created = await who.manager.call<Row>('POST', '/api/data/iot-device', {
    projectId: PROJECT,
    name: `设备 ${serial}`,
    deviceType,
    serial,
    ...extra,
  });
  expect(created.msgCode, created.errMsg).toBe(0);
  const issued = await who.manager.call<{ secret: string }>('POST', `/api/iot/v1.0/devices/${created.data!.id}/secret`);
  secrets.set(created.data!.id, issued.data!.secret);
  return { id: created.data!.id, serial, secret: issued.data!.secret, version: created.data!.version };
}

async function report(d: { id: string; secret: string }, body: unknown) {
  const raw = JSON.stringify(body);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/iot/v1.0/telemetry',
    headers: telemetryHeaders(d.id, d.secret, raw),
    payload: raw,
  });
  expect(json(response).msgCode, json(response).errMsg).toBe(0);
}

async function warningsOf(deviceId: string): Promise<Row[]> {
  const page = await who.manager.call<PageData<Row>>(
    'GET',
    `/api/data/iot-warning?projectId=${PROJECT}&pageNo=1&pageSize=50&deviceId=${deviceId}`,
  );
  expect(page.msgCode).toBe(0);
  return page.data!.dataList;
}

/** Hourly probe readings over the last `hours` hours, the newest five minutes ago; `at(h)` gives h hours in. */
function hourly(hours: number, at: (hoursIn: number) => Record<string, number>) {
  const newest = Date.now() - 5 * 60_000;
  return Array.from({ length: hours + 1 }, (_, k) => ({ ts: newest - (hours - k) * HOUR, values: at(k) }));
}

describe('cooling rate of mass concrete (GB 50496: at most 2 ℃ a day)', () => {
  it('warns once for a probe cooling 3 ℃ a day, not for one cooling 1 ℃ a day, and judges once a day', async () => {
    const ct = await device('R-CT-01', 'concrete-temperature');
    // Core 3 ℃/d down, middle 1 ℃/d down, surface steady: 里表温差 stays under 25 ℃.
    const readings = hourly(27, (h) => ({
      core: Math.round((60 - (3 * h) / 24) * 100) / 100,
      middle: Math.round((50 - h / 24) * 100) / 100,
      surface: 40,
    }));
    await report(ct, { readings });
    const warnings = await warningsOf(ct.id);
    expect(warnings).toEqual([
      expect.objectContaining({
        thresholdId: 'cooling-core',
        title: '中心测点降温速率超过 2℃/d',
        level: 'early',
        metric: '中心温度日降幅',
        value: 3,
        limit: 2,
        valueText: '3℃/d / 2℃/d',
        standard: 'GB 50496-2018',
      }),
    ]);

    // Closed, then more cooling the same day: the probe was judged today already.
    const closed = await who.manager.call<Row>('POST', `/api/data/iot-warning/${warnings[0].id}/transition`, {
      action: 'close',
      version: warnings[0].version,
      closeNote: '已加盖保温被',
    });
    expect(closed.msgCode, closed.errMsg).toBe(0);
    await report(ct, { ts: Date.now() - 60_000, values: { core: 50, middle: 49, surface: 40 } });
    expect((await warningsOf(ct.id)).map((w) => w.status)).toEqual(['closed']);
  });

  it('judges nothing without the hour a day earlier', async () => {
    const ct = await device('R-CT-02', 'concrete-temperature');
    await report(ct, { readings: hourly(10, (h) => ({ core: 60 - h, middle: 50, surface: 40 })) });
    expect(await warningsOf(ct.id)).toEqual([]);
  });
});

describe('per-device thresholds', () => {
  const crane = (momentPercent: number) => ({
    ts: Date.now() - 60_000 + momentPercent,
    values: { load: 3, momentPercent, windSpeed: 3, radius: 30, height: 40, slewAngle: 10, tilt: 0.2 },
  });

  it('offers the thresholds of a type for the device form', async () => {
    const options = await who.manager.call<{ value: string; label: string }[]>(
      'GET',
      '/api/iot/v1.0/deviceTypes/tower-crane/thresholds',
    );
    expect(options.data).toEqual([
      { value: 'moment-early', label: '力矩达到 90%（默认 90%）' },
      { value: 'moment-alarm', label: '力矩超限（默认 100%）' },
      { value: 'wind-stop', label: '风速达到 6 级，停止吊装作业（默认 10.8m/s）' },
      { value: 'tilt', label: '塔身倾斜超过 4/1000（约 0.23°）（默认 0.23°）' },
    ]);
    expect((await who.manager.call('GET', '/api/iot/v1.0/deviceTypes/none/thresholds')).data).toEqual([]);
  });

  it('refuses an unknown threshold, a repeated one and an implausible value, with the reason', async () => {
    const attempt = (thresholdOverrides: unknown) =>
      who.manager.call('POST', '/api/data/iot-device', {
        projectId: PROJECT,
        name: '塔吊 R-TC-X',
        deviceType: 'tower-crane',
        serial: 'R-TC-X',
        thresholdOverrides,
      });
    expect(await attempt([{ threshold: 'pm10', above: 100 }])).toMatchObject({
      msgCode: -400,
      errMsg: '第 1 项阈值调整：塔吊监测没有阈值 pm10',
    });
    expect(
      await attempt([
        { threshold: 'moment-alarm', above: 105 },
        { threshold: 'moment-alarm', above: 110 },
      ]),
    ).toMatchObject({ msgCode: -400, errMsg: '第 2 项阈值调整：阈值「力矩超限」重复调整' });
    expect(await attempt([{ threshold: 'moment-alarm', above: 500 }])).toMatchObject({
      msgCode: -400,
      errMsg: '第 1 项阈值调整：「力矩超限」的阈值 500 超出 0～200',
    });
    expect(await attempt([{ threshold: 'moment-alarm', above: '高' }])).toMatchObject({ msgCode: -400 });
    // Nothing was registered by the refused calls.
    const list = await who.manager.call<PageData<Row>>(
      'GET',
      `/api/data/iot-device?projectId=${PROJECT}&pageNo=1&pageSize=10&serial=R-TC-X`,
    );
    expect(list.data!.total).toBe(0);
  });

  it("judges a crane by its own rated moment line, and shows it on the device's detail", async () => {
    const tc = await device('R-TC-01', 'tower-crane', {
      thresholdOverrides: [{ threshold: 'moment-alarm', above: 110 }],
    });
    await report(tc, crane(104));
    expect((await warningsOf(tc.id)).map((w) => w.thresholdId)).toEqual(['moment-early']);
    await report(tc, crane(111));
    const alarm = (await warningsOf(tc.id)).find((w) => w.thresholdId === 'moment-alarm');
    expect(alarm).toMatchObject({ value: 111, limit: 110, valueText: '111% / 110%' });
    const detail = await who.manager.call<Row>('GET', `/api/data/iot-device/${tc.id}`);
    expect(detail.data!.thresholdOverridesText).toBe('力矩超限：110%（类型默认 100%）');
  });

  it("applies a project's PM10 limit set on a device to its 24-hour mean", async () => {
    const air = { pm25: 30, noise: 50, temperature: 10, humidity: 60, windSpeed: 1, windDirection: 90 };
    // The last day, a reading a minute at 120 μg/m³: under the type's 150, over a project's own 100.
    const day = async (id: string) => {
      const end = Math.floor(Date.now() / HOUR) * HOUR;
      const readings = Array.from({ length: 24 * 60 }, (_, i) => ({
        ts: new Date(end - HOUR * 24 + i * 60_000),
        values: { ...air, pm10: 120 },
      }));
      const store = new TelemetryStore(t.db);
      for (let i = 0; i < readings.length; i += 200) await store.store(id, readings.slice(i, i + 200));
      await report({ id, secret: secrets.get(id)! }, { ts: Date.now() - 1000, values: { ...air, pm10: 120 } });
    };
    const env = await device('R-ENV-01', 'environment');
    await day(env.id);
    expect(await warningsOf(env.id)).toEqual([]);
    const whole = { name: '设备 R-ENV-01', deviceType: 'environment', serial: 'R-ENV-01' };
    const updated = await who.manager.call<Row>('PUT', `/api/data/iot-device/${env.id}`, {
      ...whole,
      version: env.version,
      thresholdOverrides: [{ threshold: 'pm10', above: 100 }],
    });
    expect(updated.msgCode, updated.errMsg).toBe(0);
    const own = await device('R-ENV-02', 'environment', { thresholdOverrides: [{ threshold: 'pm10', above: 100 }] });
    await day(own.id);
    expect(await warningsOf(own.id)).toEqual([
      expect.objectContaining({ thresholdId: 'pm10', value: 120, limit: 100, metric: 'PM10 24小时平均' }),
    ]);
    const refused = await who.manager.call('PUT', `/api/data/iot-device/${env.id}`, {
      ...whole,
      version: updated.data!.version,
      thresholdOverrides: [{ threshold: 'moment-alarm', above: 100 }],
    });
    expect(refused).toMatchObject({ msgCode: -400, errMsg: '第 1 项阈值调整：环境监测没有阈值 moment-alarm' });
  });
});
