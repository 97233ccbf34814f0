/**
 * The IoT platform's rules against the standards' text:
 * - GB 12523-2011: noise is judged on the equivalent level (Leq) of 20 minutes, Leq = 10·lg(mean(10^(L/10))), not
 *   on a one-minute sample (70 dB(A) by day, 55 at night); at night a sample at 55 + 15 dB(A) is over the allowed
 *   maximum at once;
 * - GB 3095-2012: PM10's 150 μg/m³ is the limit of its 24-hour mean: a dusty minute opens nothing, a day over it does;
 *   a window without enough readings is not judged;
 * - GB 50496-2018: a probe's rise over its first reading (the concrete as placed) past 50 ℃ is an alarm, and the
 *   surface 20 ℃ over the air is an alarm (不应);
 * - GB 5144-2006 / JGJ 196-2010: a tower out of plumb past 4/1000 (0.23°);
 * - a passenger-goods hoist (SC200/200) follows GB/T 26557-2021 and JGJ 215-2010: 90 % warns, over 100 % is an
 *   overload, 110 % means the overload protection did not stop the cage.
 */
import { describe, expect, it } from 'vitest';
import { TelemetryStore } from '../../modules/iot/server/telemetry-store.js';
import { telemetryHeaders } from '../support/device-calls.js';
import { useCallers, type PageData } from './admin-helpers.js';
import { json, useTestApp } from './test-app.js';

const PROJECT = 'project-binjiang';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const t = useTestApp();
const who = useCallers(t);

type Row = Record<string, unknown> & { id: string };
type Device = { id: string; secret: string };
type Reading = { ts: number; values: Record<string, number> };

async function device(serial: string, deviceType: string): Promise<Device> {
  const created = await who.manager.call<{ id: string }>('POST', '/api/data/iot-device', {
    projectId: PROJECT,
    name: `设备 ${serial}`,
    deviceType,
    serial,
  });
  expect(created.msgCode, created.errMsg).toBe(0);
  const issued = await who.manager.call<{ secret: string }>('POST', `/api/iot/v1.0/devices/${created.data!.id}/secret`);
  return { id: created.data!.id, secret: issued.data!.secret };
}

async function send(d: Device, readings: Reading[]) {
  for (let i = 0; i < readings.length; i += 100) {
    const raw = JSON.stringify({ readings: readings.slice(i, i + 100) });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/iot/v1.0/telemetry',
      headers: telemetryHeaders(d.id, d.secret, raw),
      payload: raw,
    });
    expect(json(response).msgCode, json(response).errMsg).toBe(0);
  }
}

async function warningsOf(deviceId: string): Promise<Row[]> {
  const page = await who.manager.call<PageData<Row>>(
    'GET',
    `/api/data/iot-warning?projectId=${PROJECT}&pageNo=1&pageSize=50&deviceId=${deviceId}`,
  );
  expect(page.msgCode).toBe(0);
  return page.data!.dataList;
}

const air = { pm25: 30, pm10: 60, noise: 50, temperature: 15, humidity: 60, windSpeed: 1, windDirection: 90 };

/** The start (ms) of a 20-minute window at `hour`:00 China time, today or yesterday, that has ended before now. */
function windowAt(hour: number): number {
  const today = new Date(Date.now() + 8 * HOUR).toISOString().slice(0, 10);
  const start = Date.parse(`${today}T${String(hour).padStart(2, '0')}:00:00+08:00`);
  return start + 21 * MINUTE > Date.now() ? start - 24 * HOUR : start;
}

/** A reading a minute through a 20-minute window, and the first minute of the next (which has the window judged). */
function twentyMinutes(start: number, noise: (minute: number) => number): Reading[] {
  return Array.from({ length: 21 }, (_, i) => ({ ts: start + i * MINUTE, values: { ...air, noise: noise(i) } }));
}

describe('noise under GB 12523-2011: the 20-minute Leq', () => {
  it('energy-averages the samples: ten minutes at 75 and ten at 60 dB(A) are 72.1 dB(A), over 70 by day', async () => {
    // Their plain mean, 67.5 dB(A), would pass; the equivalent level 10·lg((10^7.5 + 10^6) / 2) = 72.1 does not.
    const env = await device('STD-ENV-01', 'environment');
    await send(
      env,
      twentyMinutes(windowAt(14), (minute) => (minute < 10 ? 75 : 60)),
    );
    expect(await warningsOf(env.id)).toEqual([
      expect.objectContaining({
        thresholdId: 'noise-day',
        title: '昼间噪声 20 分钟等效声级超过 70 dB(A)',
        metric: '噪声20分钟等效声级',
        value: 72.1,
        limit: 70,
        standard: 'GB 12523-2011',
      }),
    ]);
  });

  it('does not judge by a one-minute sample: a loud minute in a quiet 20 minutes opens nothing by day', async () => {
    const env = await device('STD-ENV-02', 'environment');
    // One minute at 80 dB(A), nineteen at 58: Leq = 10·lg((10^8 + 19·10^5.8) / 20) = 67.5 dB(A).
    await send(
      env,
      twentyMinutes(windowAt(15), (minute) => (minute === 5 ? 80 : 58)),
    );
    expect(await warningsOf(env.id)).toEqual([]);
  });

  it('at night, judges the Leq against 55 dB(A), and a sample 15 dB(A) over it at once', async () => {
    const quiet = await device('STD-ENV-03', 'environment');
    // Twenty minutes at 56 dB(A) after 22:00: over the night's 55.
    await send(
      quiet,
      twentyMinutes(windowAt(23), () => 56),
    );
    expect((await warningsOf(quiet.id)).map((w) => [w.thresholdId, w.value])).toEqual([['noise-night', 56]]);
    const burst = await device('STD-ENV-04', 'environment');
    await send(burst, [{ ts: windowAt(2) + 7 * MINUTE, values: { ...air, noise: 71 } }]);
    expect(await warningsOf(burst.id)).toEqual([
      expect.objectContaining({
        thresholdId: 'noise-night-max',
        title: '夜间最大声级超过 70 dB(A)（超过夜间限值 15 dB(A)）',
      }),
    ]);
  });

  it('judges no window with too few readings to measure 20 minutes', async () => {
    const env = await device('STD-ENV-05', 'environment');
    // Five minutes of 80 dB(A) and the next window's first minute: a quarter of a measurement is none.
    const start = windowAt(10);
    await send(env, [
      ...Array.from({ length: 5 }, (_, i) => ({ ts: start + i * MINUTE, values: { ...air, noise: 80 } })),
      { ts: start + 20 * MINUTE, values: { ...air, noise: 60 } },
    ]);
    expect(await warningsOf(env.id)).toEqual([]);
  });
});

describe('PM10 under GB 3095-2012: the limit of the 24-hour mean', () => {
  it('opens nothing for a dusty minute, and an alarm when the last 24 hours average over 150 μg/m³', async () => {
    const spike = await device('STD-ENV-10', 'environment');
    await send(spike, [{ ts: Date.now() - 2 * MINUTE, values: { ...air, pm10: 600 } }]);
    expect(await warningsOf(spike.id)).toEqual([]);

    const dusty = await device('STD-ENV-11', 'environment');
    const end = Math.floor(Date.now() / HOUR) * HOUR;
    // A reading a minute for the last 24 whole hours: 120 μg/m³ at night, 200 by day (07:00 to 19:00): 160 on average.
    const readings = Array.from({ length: 24 * 60 }, (_, i) => {
      const ts = end - 24 * HOUR + i * MINUTE;
      const chinaHour = new Date(ts + 8 * HOUR).getUTCHours();
      return { ts: new Date(ts), values: { ...air, pm10: chinaHour >= 7 && chinaHour < 19 ? 200 : 120 } };
    });
    const store = new TelemetryStore(t.db);
    for (let i = 0; i < readings.length; i += 200) await store.store(dusty.id, readings.slice(i, i + 200));
    await send(dusty, [{ ts: Date.now() - 1000, values: { ...air, pm10: 90 } }]);
    expect(await warningsOf(dusty.id)).toEqual([
      expect.objectContaining({
        thresholdId: 'pm10',
        title: 'PM10 24小时平均浓度超过 150 μg/m³（二级浓度限值）',
        metric: 'PM10 24小时平均',
        value: 160,
        limit: 150,
        standard: 'GB 3095-2012',
      }),
    ]);
  });
});

describe('mass concrete under GB 50496-2018', () => {
  it('alarms when the core rises more than 50 ℃ over its first reading, and the surface 20 ℃ over the air', async () => {
    const probe = await device('STD-CT-01', 'concrete-temperature');
    const start = Date.now() - 40 * HOUR;
    // Placed at 18 ℃, the core climbs 1.5 ℃ an hour, the surface 10 ℃ under it (里表温差 within 25 ℃) and 12 ℃
    // over the air, until the air drops in the last hour.
    const readings = Array.from({ length: 40 }, (_, i) => {
      const core = 18 + 1.5 * i;
      return {
        ts: start + i * HOUR,
        values: { core, middle: core - 5, surface: core - 10, ambient: core - 10 - (i === 39 ? 21 : 12) },
      };
    });
    await send(probe, readings.slice(0, 30));
    // 18 + 1.5 × 29 = 61.5 ℃: a rise of 43.5, within 50.
    expect(await warningsOf(probe.id)).toEqual([]);
    await send(probe, readings.slice(30));
    const warnings = await warningsOf(probe.id);
    expect(warnings.find((w) => w.thresholdId === 'temperature-rise')).toMatchObject({
      title: '温升值（较入模温度）超过 50℃',
      level: 'alarm',
      metric: '中心温度较首个读数的升幅',
      // The first reading over 50: 18 + 1.5 × 34 = 69 ℃, 51 over the 18 placed.
      value: 51,
      limit: 50,
      standard: 'GB 50496-2018',
    });
    expect(warnings.find((w) => w.thresholdId === 'surface-ambient')).toMatchObject({
      title: '表面与大气温差超过 20℃',
      level: 'alarm',
      value: 21,
    });
  });
});

describe('lifting machines', () => {
  it('alarms when a tower crane is out of plumb past 4/1000 (0.23°)', async () => {
    const crane = await device('STD-TC-01', 'tower-crane');
    const values = { load: 2, momentPercent: 40, windSpeed: 3, radius: 30, height: 40, slewAngle: 10 };
    await send(crane, [{ ts: Date.now() - 2 * MINUTE, values: { ...values, tilt: 0.18 } }]);
    expect(await warningsOf(crane.id)).toEqual([]);
    await send(crane, [{ ts: Date.now() - MINUTE, values: { ...values, tilt: 0.25 } }]);
    expect(await warningsOf(crane.id)).toEqual([
      expect.objectContaining({
        thresholdId: 'tilt',
        title: '塔身倾斜超过 4/1000（约 0.23°）',
        level: 'alarm',
        value: 0.25,
        limit: 0.23,
        standard: 'GB 5144-2006、JGJ 196-2010',
      }),
    ]);
  });

  it("judges a passenger-goods hoist's load by GB/T 26557-2021: 90 % warns, over 100 % and 110 % alarm", async () => {
    const answer = await who.manager.call<{ value: string; label: string }[]>(
      'GET',
      '/api/iot/v1.0/deviceTypes/hoist/thresholds',
    );
    expect(answer.data).toEqual([
      { value: 'load-early', label: '载重达到额定载重量的 90%（默认 90%）' },
      { value: 'overload', label: '升降机超载（默认 100%）' },
      { value: 'overload-limiter', label: '载重达到额定载重量的 110%，超载保护装置未中止吊笼运行（默认 110%）' },
    ]);
    const hoist = await device('STD-HS-01', 'hoist');
    const at = (loadPercent: number, ago: number) => ({
      ts: Date.now() - ago * 1000,
      values: { load: loadPercent * 20, loadPercent, height: 20, speed: 0, doorOpen: 0 },
    });
    await send(hoist, [at(92, 30), at(112, 20)]);
    const warnings = await warningsOf(hoist.id);
    expect(warnings.map((w) => [w.thresholdId, w.level, w.standard]).sort()).toEqual([
      ['load-early', 'early', 'GB/T 26557-2021、JGJ 215-2010'],
      ['overload', 'alarm', 'GB/T 26557-2021'],
      ['overload-limiter', 'alarm', 'GB/T 26557-2021、JGJ 215-2010'],
    ]);
    expect(JSON.stringify(warnings)).not.toContain('10054');
  });
});
