/**
 * The monitoring screens' calls: a crane's lifts and a hoist's trips found in the readings (overloads, a cycle cut by
 * a gap not counted, per China day), an environment monitor's day (curves, limit lines, exceedances, latest values),
 * each machine's live state, and the live-value event: throttled to once a minute per project, heard only by the
 * users who may see the project.
 */
import { describe, expect, it } from 'vitest';
import { detectLifts, detectTrips, type CraneReading, type HoistReading } from '../../modules/iot/server/cycles.js';
import { LiveValues, projectViewers } from '../../modules/iot/server/live-values.js';
import { telemetryHeaders } from '../support/device-calls.js';
import type { EventTarget, PortalEvent } from '../../src/server/events/event-bus.js';
import { chinaDate } from '../../src/server/lib/china-time.js';
import { useCallers } from './admin-helpers.js';
import { addOutsiderProject, OTHER_COMPANY_PROJECT } from './outsider-project.js';
import { json, useTestApp } from './test-app.js';

const PROJECT = 'project-binjiang';
const t = useTestApp();
const who = useCallers(t);

/** Yesterday (China day) at 10:00, when the machines of the tests work. */
const YESTERDAY = chinaDate(new Date(Date.now() - 24 * 3600_000));
const WORK_START = new Date(`${YESTERDAY}T10:00:00+08:00`).getTime();

async function device(serial: string, deviceType: string) {
  const created = await who.manager.call<{ id: string }>('POST', '/api/data/iot-device', {
    projectId: PROJECT,
    name: `监测 ${serial}`,
    deviceType,
    serial,
  });
  expect(created.msgCode, created.errMsg).toBe(0);
  const issued = await who.manager.call<{ secret: string }>('POST', `/api/iot/v1.0/devices/${created.data!.id}/secret`);
  return { id: created.data!.id, serial, secret: issued.data!.secret };
}

/** Readings of one device, 10 s apart from `start` (one signed message of up to 100). */
async function report(d: { id: string; secret: string }, readings: { ts: number; values: object }[]) {
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

const at = (second: number) => new Date(WORK_START + second * 1000);

describe('the cycle detectors', () => {
  const crane = (loads: [number, number][], step = 10): CraneReading[] =>
    loads.map(([load, momentPercent], i) => ({ t: at(i * step), load, momentPercent }));

  it('counts a lift from about zero up and back, its largest load, and an overload at 100 % moment', () => {
    const lifts = detectLifts(
      crane([
        [0, 0],
        [0.1, 1],
        [2.5, 50],
        [3.2, 64],
        [3.1, 63],
        [0.05, 1],
        [0, 0],
        [5, 99.9],
        [5.1, 100],
        [0, 0],
      ]),
    );
    expect(lifts.map((l) => [l.maxLoad, l.maxPercent, l.overload])).toEqual([
      [3.2, 64, false],
      [5.1, 100, true],
    ]);
    expect(lifts[0].start).toEqual(at(20));
    expect(lifts[0].end).toEqual(at(50));
  });

  it('does not count a lift whose start or end falls in a gap of the readings', () => {
    const readings: CraneReading[] = [
      { t: at(0), load: 3, momentPercent: 60 }, // loaded at the first reading: its start is unseen
      { t: at(10), load: 0, momentPercent: 0 },
      { t: at(20), load: 3, momentPercent: 60 },
      { t: at(400), load: 0, momentPercent: 0 }, // six minutes without readings inside the lift
      { t: at(410), load: 4, momentPercent: 70 },
      { t: at(420), load: 0, momentPercent: 0 },
      { t: at(1000), load: 4, momentPercent: 70 }, // after a gap while idle: start unseen
      { t: at(1010), load: 0, momentPercent: 0 },
    ];
    expect(detectLifts(readings).map((l) => l.start)).toEqual([at(410)]);
  });

  it('counts a hoist trip from a floor to another, not a creep nor a trip cut by a gap', () => {
    const hoist = (heights: number[], loadPercent = 50): HoistReading[] =>
      heights.map((height, i) => ({ t: at(i * 10), height, load: loadPercent * 20, loadPercent }));
    const trips = detectTrips(hoist([0, 0, 3, 6, 9, 9, 9, 6, 6, 6, 6.3, 6.3, 6.1, 6.1]));
    expect(trips.map((trip) => [trip.start, trip.end])).toEqual([
      [at(10), at(50)],
      [at(60), at(80)],
    ]);
    const heavy = detectTrips(hoist([0, 0, 4, 8, 8], 104));
    expect(heavy.map((trip) => [trip.maxLoad, trip.overload])).toEqual([[2080, true]]);
    const cut: HoistReading[] = [
      { t: at(0), height: 0, load: 800, loadPercent: 40 },
      { t: at(10), height: 3, load: 800, loadPercent: 40 },
      { t: at(500), height: 30, load: 800, loadPercent: 40 },
      { t: at(510), height: 30, load: 800, loadPercent: 40 },
    ];
    expect(detectTrips(cut)).toEqual([]);
  });
});

describe('塔吊监测 and 升降机监测', () => {
  it("finds a crane's lifts of a day in its stored readings, with the overload, per China day", async () => {
    const tc = await device('MON-TC-01', 'tower-crane');
    const shape = (load: number, moment: number) => ({
      load,
      momentPercent: moment,
      windSpeed: 3,
      radius: 30,
      height: 20,
      slewAngle: 0,
      tilt: 0.2,
    });
    const sequence: [number, number][] = [];
    for (let lift = 0; lift < 3; lift += 1) {
      sequence.push([0, 0], [0, 0], [2 + lift, 40 + lift], [3 + lift, 50 + lift], [0, 0]);
    }
    sequence.push([0, 0], [6, 100.4], [6.2, 104.2], [0, 0]);
    await report(
      tc,
      sequence.map(([load, moment], i) => ({ ts: WORK_START + i * 10_000, values: shape(load, moment) })),
    );
    const answer = await who.staff.call<{
      rows: {
        day: string;
        deviceId: string;
        cycles: number;
        maxLoad: number;
        overloads: number;
        maxLoadText: string;
      }[];
      chart: { name: string; value: number; series: string }[];
    }>('GET', `/api/iot/v1.0/monitoring/cycles?projectId=${PROJECT}&deviceType=tower-crane&days=7`);
    expect(answer.msgCode, answer.errMsg).toBe(0);
    const mine = answer.data!.rows.filter((row) => row.deviceId === tc.id);
    expect(mine).toHaveLength(7);
    expect(mine[0].day).toBe(chinaDate(new Date()));
    const yesterday = mine.find((row) => row.day === YESTERDAY)!;
    expect(yesterday).toMatchObject({ cycles: 4, maxLoad: 6.2, overloads: 1, maxLoadText: '6.2 t' });
    expect(mine.filter((row) => row.day !== YESTERDAY).every((row) => row.cycles === 0)).toBe(true);
    expect(answer.data!.chart).toContainEqual({ name: YESTERDAY.slice(5), value: 4, series: '监测 MON-TC-01' });

    // A lift of yesterday reported late (a crane that buffered while offline) is counted at the next read.
    const late = sequence.length * 10_000 + 600_000;
    await report(
      tc,
      [0, 1.5, 1.4, 0].map((load, i) => ({ ts: WORK_START + late + i * 10_000, values: shape(load, load * 20) })),
    );
    const again = await who.staff.call<{ rows: { day: string; deviceId: string; cycles: number }[] }>(
      'GET',
      `/api/iot/v1.0/monitoring/cycles?projectId=${PROJECT}&deviceType=tower-crane&days=7`,
    );
    expect(again.data!.rows.find((row) => row.deviceId === tc.id && row.day === YESTERDAY)?.cycles).toBe(5);
  });

  it("finds a hoist's trips and shows each machine's live state with its open warnings", async () => {
    const hs = await device('MON-HS-01', 'hoist');
    const heights = [0, 0, 3.3, 6.6, 9.9, 9.9, 9.9, 6.6, 3.3, 3.3, 3.3];
    await report(
      hs,
      heights.map((height, i) => ({
        ts: WORK_START + i * 10_000,
        values: { load: i < 6 ? 2100 : 600, loadPercent: i < 6 ? 105 : 30, height, speed: 0, doorOpen: 0 },
      })),
    );
    const cycles = await who.manager.call<{
      rows: { deviceId: string; day: string; cycles: number; overloads: number }[];
    }>('GET', `/api/iot/v1.0/monitoring/cycles?projectId=${PROJECT}&deviceType=hoist&days=2`);
    expect(cycles.data!.rows.find((row) => row.deviceId === hs.id && row.day === YESTERDAY)).toMatchObject({
      cycles: 2,
      overloads: 1,
    });

    const live = await who.manager.call<{
      summary: { total: number };
      machines: {
        id: string;
        text: Record<string, string>;
        openWarnings: number;
        warned: boolean;
        statusLabel: string;
      }[];
    }>('GET', `/api/iot/v1.0/monitoring/machines?projectId=${PROJECT}&deviceType=hoist`);
    expect(live.msgCode).toBe(0);
    const machine = live.data!.machines.find((m) => m.id === hs.id)!;
    // Its last reading (yesterday) is long past: offline; the 105 % load opened the overload and early warnings.
    expect(machine).toMatchObject({ statusLabel: '离线', openWarnings: 2, warned: true });
    expect(machine.text.height).toBe('3.3 m');
    expect(live.data!.summary.total).toBe(live.data!.machines.length);
  });

  it('refuses a project the caller may not see, and a type that is not a machine', async () => {
    await addOutsiderProject(t.db);
    for (const url of [
      `/api/iot/v1.0/monitoring/machines?projectId=${OTHER_COMPANY_PROJECT}&deviceType=hoist`,
      `/api/iot/v1.0/monitoring/cycles?projectId=${OTHER_COMPANY_PROJECT}&deviceType=tower-crane`,
      `/api/iot/v1.0/monitoring/environment?projectId=${OTHER_COMPANY_PROJECT}`,
    ])
      expect((await who.staff.call('GET', url)).msgCode).toBe(-403);
    expect(
      (await who.staff.call('GET', `/api/iot/v1.0/monitoring/machines?projectId=${PROJECT}&deviceType=weighbridge`))
        .msgCode,
    ).toBe(-400);
    expect((await who.none.call('GET', `/api/iot/v1.0/monitoring/environment?projectId=${PROJECT}`)).msgCode).toBe(
      -401,
    );
  });
});

describe('扬尘监测', () => {
  it("answers a monitor's day: curves, the GB 12523 and PM10 limit lines, the exceedances and latest values", async () => {
    const env = await device('MON-ENV-01', 'environment');
    const values = (pm10: number, noise: number) => ({
      pm25: 40,
      pm10,
      noise,
      temperature: 15,
      humidity: 60,
      windSpeed: 2,
      windDirection: 90,
    });
    await report(env, [
      { ts: WORK_START, values: values(90, 62) },
      { ts: WORK_START + 60_000, values: values(420, 63) },
      { ts: WORK_START + 120_000, values: values(100, 64.5) },
    ]);
    // A dusty minute (420 μg/m³) opens nothing: PM10's limit is one of its 24-hour mean. An hour later, twenty minutes
    // at 74 dB(A): their Leq is over the day's 70 dB(A), judged when the next minute comes in.
    const loud = WORK_START + 3600_000;
    await report(env, [
      ...Array.from({ length: 20 }, (_, i) => ({ ts: loud + i * 60_000, values: values(100, 74) })),
      { ts: loud + 20 * 60_000, values: values(100, 64.5) },
    ]);
    type Day = {
      hasMonitor: boolean;
      monitor: { id: string; day: string };
      latest: Record<string, string>;
      exceedances: { count: number; rows: { title: string; link: string }[] };
      pm: { name: string; value: number; series: string }[];
      noise: { name: string; value: number; series: string }[];
      climate: { series: string }[];
    };
    const answer = await who.staff.call<Day>(
      'GET',
      `/api/iot/v1.0/monitoring/environment?projectId=${PROJECT}&deviceId=${env.id}&day=${YESTERDAY}`,
    );
    expect(answer.msgCode, answer.errMsg).toBe(0);
    const dayOf = answer.data!;
    expect(dayOf.monitor).toMatchObject({ id: env.id, day: YESTERDAY });
    expect(dayOf.latest).toMatchObject({ pm10: '100 μg/m³', noise: '64.5 dB(A)' });
    // The three minutes fall in one 5-minute step: their average.
    expect(dayOf.pm.filter((row) => row.series === 'PM10（μg/m³）')[0]).toEqual({
      name: new Date(WORK_START).toISOString(),
      value: 203,
      series: 'PM10（μg/m³）',
    });
    expect(new Set(dayOf.climate.map((row) => row.series))).toEqual(new Set(['温度（℃）', '湿度（%）']));
    const limit = dayOf.noise.filter((row) => row.series === '噪声限值（GB 12523）').map((row) => row.value);
    expect(limit).toEqual([55, 55, 70, 70, 55, 55]);
    const pmLimit = dayOf.pm.filter((row) => row.series.startsWith('PM10 限值'));
    expect(pmLimit.map((row) => row.value)).toEqual([150, 150]);
    expect(pmLimit[0].series).toBe('PM10 限值（24小时平均，μg/m³）');
    expect(dayOf.exceedances.count).toBe(1);
    expect(dayOf.exceedances.rows[0].title).toBe('11:20 昼间噪声 20 分钟等效声级超过 70 dB(A)（74dB(A) / 70dB(A)）');
    expect(dayOf.exceedances.rows[0].link).toMatch(/^\/iotDevices\/warning\//);

    // Another day of the same monitor has no exceedance; no monitor chosen: the project's first.
    const other = await who.staff.call<Day>(
      'GET',
      `/api/iot/v1.0/monitoring/environment?projectId=${PROJECT}&deviceId=${env.id}&day=2026-01-01`,
    );
    expect(other.data!.exceedances.count).toBe(0);
    const first = await who.staff.call<Day>('GET', `/api/iot/v1.0/monitoring/environment?projectId=${PROJECT}`);
    expect(first.data!.hasMonitor).toBe(true);
  });
});

describe('live values', () => {
  it('announces readings of a project at most once a minute, to the users who may see it', async () => {
    const heard: { target: EventTarget; event: PortalEvent }[] = [];
    const live = new LiveValues(
      t.db,
      async (target, event) => {
        heard.push({ target, event });
      },
      (error) => {
        throw error;
      },
      300,
    );
    live.stored(PROJECT, 'd1');
    live.stored(PROJECT, 'd2');
    live.stored(PROJECT, 'd3');
    await expect.poll(() => heard.length).toBe(1);
    expect(heard[0].event).toEqual({ type: 'iot.reading', data: { projectId: PROJECT, deviceIds: ['d1'] } });
    // The rest of the window comes in one event at its end.
    await expect.poll(() => heard.length, { timeout: 2000 }).toBe(2);
    expect(heard[1].event.data).toEqual({ projectId: PROJECT, deviceIds: ['d2', 'd3'] });
    live.close();

    const viewers = await projectViewers(t.db, PROJECT);
    const ids = async (username: string) =>
      (await t.db.selectFrom('sys_user').select('id').where('login_name', '=', username).executeTakeFirstOrThrow()).id;
    expect(viewers).toEqual(expect.arrayContaining([await ids('admin'), await ids('manager'), await ids('staff')]));
    expect(heard[0].target).toEqual({ userIds: viewers });
    await addOutsiderProject(t.db).catch(() => undefined);
    const outsiders = await projectViewers(t.db, OTHER_COMPANY_PROJECT);
    expect(outsiders).toContain(await ids('admin'));
    expect(outsiders).not.toContain(await ids('staff'));
  });
});
