/**
 * Working cycles of machines, found in their raw readings: a tower crane's lift (the load rises above a small
 * threshold, then returns to about zero) and a hoist's trip (the cage leaves a floor, moves, and stops at another).
 * The detectors are pure functions over readings in time order, so they are tested on exact sequences; the
 * store reads a device's readings of a China day (raw rows, one index range of one partition) and keeps the days
 * already over in a short cache, so a screen of a week of cycles reads today's rows only.
 *
 * A cycle counts only when it is seen whole: a gap in the readings longer than MAX_GAP_MS (a device offline, or the
 * coarse history of the demo) inside a cycle drops it, because its start or end is not known.
 */
import { sql } from 'kysely';
import { chinaDate, chinaDayStart, type Db, TtlCache } from '../../../src/server/module-api.js';

export const MAX_GAP_MS = 120_000;
/** A crane's hook carries a load from this many tonnes on (below it: empty hook, rigging, noise of the cell). */
export const LIFT_THRESHOLD_T = 0.2;
/** A hoist moves when its height changes by more than this between two readings. */
export const HOIST_MOVING_M = 0.5;
/** A trip goes from one floor to another: at least this far (a storey is about 3 m). */
export const HOIST_TRIP_MIN_M = 2;

const DAY_MS = 24 * 3600_000;

export interface Cycle {
  start: Date;
  end: Date;
  /** Largest load during the cycle (t for a crane, kg for a hoist). */
  maxLoad: number;
  /** Largest moment % (crane) or load % of rated (hoist). */
  maxPercent: number;
  overload: boolean;
}

export interface CraneReading {
  t: Date;
  load: number;
  momentPercent: number;
}

export interface HoistReading {
  t: Date;
  height: number;
  load: number;
  loadPercent: number;
}

/** Lifts of a crane: moment at or over 100 % is an overload (GB/T 28264's alarm). */
export function detectLifts(readings: readonly CraneReading[]): Cycle[] {
  const lifts: Cycle[] = [];
  let open: Cycle | undefined;
  let previous: CraneReading | undefined;
  for (const reading of readings) {
    const gap = previous !== undefined && reading.t.getTime() - previous.t.getTime() > MAX_GAP_MS;
    if (gap) open = undefined;
    const loaded = reading.load >= LIFT_THRESHOLD_T;
    if (open) {
      if (loaded) {
        open.maxLoad = Math.max(open.maxLoad, reading.load);
        open.maxPercent = Math.max(open.maxPercent, reading.momentPercent);
      } else {
        open.end = reading.t;
        open.overload = open.maxPercent >= 100;
        lifts.push(open);
        open = undefined;
      }
    } else if (loaded && previous !== undefined && !gap && previous.load < LIFT_THRESHOLD_T) {
      open = {
        start: reading.t,
        end: reading.t,
        maxLoad: reading.load,
        maxPercent: reading.momentPercent,
        overload: false,
      };
    }
    previous = reading;
  }
  return lifts;
}

/** Trips of a hoist: a load over its cage's rated load (more than 100 %) is an overload (GB/T 26557). */
export function detectTrips(readings: readonly HoistReading[]): Cycle[] {
  const trips: Cycle[] = [];
  /** The trip under way, with the height it left from. */
  let open: (Cycle & { from: number }) | undefined;
  let previous: HoistReading | undefined;
  for (const reading of readings) {
    if (previous === undefined || reading.t.getTime() - previous.t.getTime() > MAX_GAP_MS) {
      open = undefined;
      previous = reading;
      continue;
    }
    const moving = Math.abs(reading.height - previous.height) > HOIST_MOVING_M;
    if (moving && !open)
      open = {
        from: previous.height,
        start: previous.t,
        end: reading.t,
        maxLoad: Math.max(previous.load, reading.load),
        maxPercent: Math.max(previous.loadPercent, reading.loadPercent),
        overload: false,
      };
    else if (moving && open) {
      open.maxLoad = Math.max(open.maxLoad, reading.load);
      open.maxPercent = Math.max(open.maxPercent, reading.loadPercent);
    } else if (!moving && open) {
      if (Math.abs(reading.height - open.from) >= HOIST_TRIP_MIN_M) {
        const { from: _from, ...trip } = open;
        trips.push({ ...trip, end: reading.t, overload: trip.maxPercent > 100 });
      }
      open = undefined;
    }
    previous = reading;
  }
  return trips;
}

/** One row of the cycle table: a machine's day. */
export interface CycleDay {
  day: string;
  deviceId: string;
  cycles: number;
  maxLoad: number | null;
  maxPercent: number | null;
  overloads: number;
}

export type MachineType = 'tower-crane' | 'hoist';

/** The metrics each detector reads, in its fields' order. */
const METRICS: Record<MachineType, readonly string[]> = {
  'tower-crane': ['load', 'momentPercent'],
  hoist: ['height', 'load', 'loadPercent'],
};

export function summarize(day: string, deviceId: string, cycles: readonly Cycle[]): CycleDay {
  return {
    day,
    deviceId,
    cycles: cycles.length,
    maxLoad: cycles.length > 0 ? Math.max(...cycles.map((cycle) => cycle.maxLoad)) : null,
    maxPercent: cycles.length > 0 ? Math.max(...cycles.map((cycle) => cycle.maxPercent)) : null,
    overloads: cycles.filter((cycle) => cycle.overload).length,
  };
}

export class CycleStore {
  /** Days that are over change only by late readings: kept ten minutes. */
  private readonly pastDays = new TtlCache<string, CycleDay>(10 * 60_000, 5_000);

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  /**
   * Readings were stored: a day already over that they fall on is computed again at its next read (history
   * written late, a device that buffered while offline). Other instances see it when their cache entry expires.
   */
  stored(deviceId: string, times: readonly Date[]): void {
    const today = chinaDayStart(this.now()).getTime();
    for (const day of new Set(times.filter((at) => at.getTime() < today).map((at) => chinaDate(at))))
      this.pastDays.delete(`${deviceId}:${day}`);
  }

  /** The readings of a device's metrics from `from` to `to`, one row per time, in time order. */
  private async readings(deviceId: string, type: MachineType, from: Date, to: Date) {
    const metrics = METRICS[type];
    const { rows } = await sql<{ t: Date; values: Record<string, number> }>`select ts as t,
        jsonb_object_agg(metric, value) as values from iot_reading
      where device_id = ${deviceId} and metric in (${sql.join(metrics)}) and ts >= ${from} and ts < ${to}
      group by ts order by ts`.execute(this.db);
    // A reading without every metric the detector needs (not possible for these types' required metrics) is skipped.
    return rows.filter((row) => metrics.every((metric) => typeof row.values[metric] === 'number'));
  }

  /** The cycles a machine started on the China day `day` (yyyy-MM-dd). */
  async cyclesOfDay(deviceId: string, type: MachineType, day: string): Promise<Cycle[]> {
    const dayStart = new Date(`${day}T00:00:00+08:00`);
    // A little of the day before: a cycle under way at midnight has its start seen.
    const rows = await this.readings(
      deviceId,
      type,
      new Date(dayStart.getTime() - MAX_GAP_MS),
      new Date(dayStart.getTime() + DAY_MS),
    );
    const cycles =
      type === 'tower-crane'
        ? detectLifts(rows.map(({ t, values }) => ({ t, load: values.load, momentPercent: values.momentPercent })))
        : detectTrips(
            rows.map(({ t, values }) => ({
              t,
              height: values.height,
              load: values.load,
              loadPercent: values.loadPercent,
            })),
          );
    return cycles.filter((cycle) => chinaDate(cycle.start) === day);
  }

  /** Per machine and China day, the last `days` days up to today (today first, machines in the given order). */
  async days(devices: readonly { id: string; type: MachineType }[], days: number): Promise<CycleDay[]> {
    const today = chinaDayStart(this.now());
    const result: CycleDay[] = [];
    for (let back = 0; back < days; back += 1) {
      const day = chinaDate(new Date(today.getTime() - back * DAY_MS + 12 * 3600_000));
      for (const device of devices) {
        const load = async () => summarize(day, device.id, await this.cyclesOfDay(device.id, device.type, day));
        result.push(back === 0 ? await load() : await this.pastDays.getOrLoad(`${device.id}:${day}`, load));
      }
    }
    return result;
  }
}
