/**
 * The calls of the monitoring screens, each for a project the caller may see:
 * - 扬尘监测: one monitor's day (latest values, curves of the day in 5-minute averages with the limit lines its
 *   type's thresholds declare, the day's exceedances from the warnings);
 * - 塔吊监测 / 升降机监测: each machine's live state, and its working cycles per day (cycles.ts).
 * Every panel of a screen reads one call (the panels that share it share the request) and picks its part.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  chinaDate,
  chinaDateTime,
  chinaDayStart,
  type CollectionRecords,
  type Db,
  ok,
  recordAccess,
  type RecordValues,
  security,
} from '../../../src/server/module-api.js';
import type { CycleStore, MachineType } from './cycles.js';
import {
  effectiveThresholds,
  offlineAfterSeconds,
  storedOverrides,
  type DeviceType,
  type DeviceTypes,
  type MetricSpec,
  type ThresholdSpec,
} from './device-types.js';
import { appliesAt } from './rules.js';
import type { TelemetryStore } from './telemetry-store.js';
import { IOT_VIEW } from './user-routes.js';

const HOUR = 3600_000;

/** 在线, 离线, 未上报 (a secret, no reading yet), 未接入 (no secret issued). */
export type OnlineLabel = '在线' | '离线' | '未上报' | '未接入';
export type DeviceStatus = (
  rows: readonly { id: string; deviceType: string }[],
) => Promise<Map<string, { online: boolean; onlineLabel: OnlineLabel }>>;
/**
 * The order of the states on the big screen's bars (its colours follow it: 在线 first); 在线 and 离线 are always
 * there, so the bars read as states in a legend even when every device is online.
 */
const ONLINE_LABELS: readonly OnlineLabel[] = ['在线', '离线', '未上报', '未接入'];
const DAY = 24 * HOUR;
/** The day's curves are 5-minute averages of the minute rollups: 288 points a metric. */
const CURVE_STEP_MINUTES = 5;

const projectId = { type: 'string', minLength: 1, maxLength: 64 } as const;
const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

/** A metric as the charts name it: PM10（μg/m³）. */
const metricLabel = (metric: MetricSpec) => (metric.unit ? `${metric.title}（${metric.unit}）` : metric.title);

function valueText(metric: MetricSpec | undefined, value: number | undefined): string {
  if (value === undefined || metric === undefined) return '—';
  return `${Number(value.toFixed(metric.decimals ?? 2))}${metric.unit ? ` ${metric.unit}` : ''}`;
}

/**
 * A threshold's line over a day: the value in force at each moment. Thresholds limited to hours (day and night
 * noise, GB 12523) make steps at their hours; rows are chart rows `{name: ISO time, value, series}`.
 */
export function limitLine(type: DeviceType, metric: string, dayStart: Date, series: string) {
  const thresholds = (type.thresholds ?? []).filter(
    (t) => t.metric === metric && t.minus === undefined && t.rate === undefined && t.baseline === undefined,
  );
  if (thresholds.length === 0) return [];
  const inForce = (hour: number) => {
    const covering = thresholds.filter((t) => {
      if (!t.hours) return true;
      const [from, to] = t.hours;
      return from <= to ? hour >= from && hour < to : hour >= from || hour < to;
    });
    // The strictest threshold in force (an early warning below an alarm draws the early one).
    return covering.length > 0 ? Math.min(...covering.map((t) => t.above)) : undefined;
  };
  const rows: { name: string; value: number; series: string }[] = [];
  let previous: number | undefined;
  for (let hour = 0; hour <= 24; hour += 1) {
    const value = inForce(hour % 24);
    const at = new Date(dayStart.getTime() + hour * HOUR).toISOString();
    if (hour === 24) {
      if (previous !== undefined) rows.push({ name: at, value: previous, series });
    } else if (value !== previous) {
      if (previous !== undefined) rows.push({ name: at, value: previous, series });
      if (value !== undefined) rows.push({ name: at, value, series });
      previous = value;
    }
  }
  return rows;
}

export async function monitoringRoutes(
  app: FastifyInstance,
  options: {
    db: Db;
    devices: CollectionRecords;
    warnings: CollectionRecords;
    store: TelemetryStore;
    types: DeviceTypes;
    cycles: CycleStore;
    /** Each device's connection state (plugin.ts), as the device list shows it. */
    status: DeviceStatus;
    now: () => Date;
  },
): Promise<void> {
  const { db, devices, warnings, store, types, cycles, status, now } = options;
  const access = recordAccess(app);
  const tags = ['iot'];

  const projectDevices = async (request: FastifyRequest, project: string, deviceType: string) => {
    await access.checkProject(request, project);
    const page = await devices.list({ projectId: project, pageNo: 1, pageSize: 100, filters: { deviceType } });
    return page.dataList;
  };

  /** Warnings of a device not yet closed (待处理 and 处理中). */
  const openWarnings = async (project: string, deviceId: string) => {
    const [open, acknowledged] = await Promise.all(
      ['open', 'acknowledged'].map((status) =>
        warnings.list({ projectId: project, pageNo: 1, pageSize: 1, filters: { deviceId, status } }),
      ),
    );
    return open.total + acknowledged.total;
  };

  /** 5-minute averages of metrics of a device over [from, to), as chart rows. */
  const curves = async (deviceId: string, type: DeviceType, metrics: readonly string[], from: Date, to: Date) => {
    const specs = new Map(type.metrics.map((metric) => [metric.key, metric]));
    const { rows } = await sql<{ t: Date; metric: string; avg: number }>`select
        date_bin(${sql.lit(`${CURVE_STEP_MINUTES} minutes`)}::interval, bucket, ${from}::timestamptz) as t, metric,
        sum(sum) / sum(count) as avg
      from iot_rollup where device_id = ${deviceId} and grain = 'minute' and metric in (${sql.join(metrics)})
        and bucket >= ${from} and bucket < ${to}
      group by 1, metric order by metric, 1`.execute(db);
    return metrics.flatMap((key) => {
      const spec = specs.get(key);
      if (!spec) return [];
      return rows
        .filter((row) => row.metric === key)
        .map((row) => ({
          name: new Date(row.t).toISOString(),
          value: Number(Number(row.avg).toFixed(spec.decimals ?? 2)),
          series: metricLabel(spec),
        }));
    });
  };

  app.get<{ Querystring: { projectId: string; deviceId?: string; day?: string } }>(
    '/api/iot/v1.0/monitoring/environment',
    {
      config: { auth: 'user', permission: IOT_VIEW },
      schema: {
        tags,
        summary: "扬尘监测: one environment monitor's day",
        description:
          'The monitor deviceId of the project (default: its first), the China day `day` (default today): ' +
          'data {monitor, latest (texts by metric), exceedances {count, rows}, pm, noise, climate, wind (chart ' +
          'rows {name: ISO time, value, series}, 5-minute averages, with the limit lines of the thresholds)}.',
        security,
        querystring: {
          type: 'object',
          required: ['projectId'],
          properties: { projectId, deviceId: { type: 'string', maxLength: 64 }, day },
        },
      },
    },
    async (request) => {
      const { projectId: project } = request.query;
      const monitors = await projectDevices(request, project, 'environment');
      const monitor = monitors.find((row) => row.id === request.query.deviceId) ?? monitors[0];
      const type = types.get('environment');
      const chosenDay = request.query.day ?? chinaDate(now());
      const dayStart = new Date(`${chosenDay}T00:00:00+08:00`);
      const dayEnd = new Date(dayStart.getTime() + DAY);
      if (!monitor || !type)
        return ok('', {
          hasMonitor: false,
          noMonitorText: '本项目尚未登记扬尘监测设备，请在“设备列表”中新增环境监测设备',
          monitor: null,
          latest: {},
          exceedances: { count: 0, rows: [] },
          pm: [],
          noise: [],
          climate: [],
          wind: [],
        });
      const deviceId = String(monitor.id);
      const state = (await store.states([deviceId])).get(deviceId);
      const specs = new Map(type.metrics.map((metric) => [metric.key, metric]));
      const latest = Object.fromEntries(
        type.metrics.map((metric) => [metric.key, valueText(metric, state?.lastValues[metric.key])]),
      );
      const exceeded = await warnings.list({
        projectId: project,
        pageNo: 1,
        pageSize: 50,
        filters: { deviceId, openedAtFrom: dayStart.toISOString(), openedAtTo: dayEnd.toISOString() },
      });
      const [pm, noise, climate, wind] = await Promise.all([
        curves(deviceId, type, ['pm25', 'pm10'], dayStart, dayEnd),
        curves(deviceId, type, ['noise'], dayStart, dayEnd),
        curves(deviceId, type, ['temperature', 'humidity'], dayStart, dayEnd),
        curves(deviceId, type, ['windSpeed'], dayStart, dayEnd),
      ]);
      return ok('', {
        hasMonitor: true,
        monitor: {
          id: deviceId,
          name: monitor.name,
          location: monitor.location ?? '',
          serial: monitor.serial,
          statusLabel: monitor.onlineLabel,
          lastSeenText: state ? chinaDateTime(state.lastSeen) : '尚未上报',
          day: chosenDay,
        },
        latest,
        exceedances: {
          count: exceeded.total,
          rows: exceeded.dataList.map((row) => ({
            id: row.id,
            title: `${chinaDateTime(new Date(String(row.openedAt))).slice(11, 16)} ${String(row.title)}（${String(row.valueText)}）`,
            openedAt: row.openedAt,
            status: row.status,
            link: `/iotDevices/warning/${String(row.id)}`,
          })),
        },
        // The PM10 limit is one of its 24-hour mean (GB 3095): the line says so beside the 5-minute curve.
        pm: [
          ...pm,
          ...limitLine(type, 'pm10', dayStart, `PM10 限值（24小时平均，${String(specs.get('pm10')?.unit ?? '')}）`),
        ],
        noise: [...noise, ...limitLine(type, 'noise', dayStart, '噪声限值（GB 12523）')],
        climate,
        wind,
      });
    },
  );

  const machineQuery = {
    type: 'object',
    required: ['projectId', 'deviceType'],
    properties: { projectId, deviceType: { type: 'string', enum: ['tower-crane', 'hoist'] } },
  } as const;

  app.get<{ Querystring: { projectId: string; deviceType: MachineType } }>(
    '/api/iot/v1.0/monitoring/machines',
    {
      config: { auth: 'user', permission: IOT_VIEW },
      schema: {
        tags,
        summary: '塔吊监测 / 升降机监测: the live state of each machine of a project',
        description:
          'data {summary {total, online, openWarnings}, machines [{id, name, location, serial, statusLabel, ' +
          'online, lastSeenText, values (by metric), text (value and unit by metric), openWarnings, warned}]}.',
        security,
        querystring: machineQuery,
      },
    },
    async (request) => {
      const { projectId: project, deviceType } = request.query;
      const rows = await projectDevices(request, project, deviceType);
      const type = types.get(deviceType);
      const ids = rows.map((row) => String(row.id));
      const states = await store.states(ids);
      const at = now().getTime();
      const machines = await Promise.all(
        rows.map(async (row: RecordValues) => {
          const id = String(row.id);
          const state = states.get(id);
          const online = state ? at - state.lastSeen.getTime() <= offlineAfterSeconds(type) * 1000 : false;
          const open = await openWarnings(project, id);
          return {
            id,
            name: row.name,
            location: row.location ?? '',
            serial: row.serial,
            model: row.model ?? '',
            // Under the machine's name on its card: where it stands and when it last reported.
            subtitle: [row.location, state ? `最后上报 ${chinaDateTime(state.lastSeen).slice(5)}` : '尚未上报']
              .filter(Boolean)
              .join(' · '),
            online,
            statusLabel: row.onlineLabel,
            lastSeenText: state ? chinaDateTime(state.lastSeen) : '尚未上报',
            values: state?.lastValues ?? {},
            text: Object.fromEntries(
              (type?.metrics ?? []).map((metric) => [metric.key, valueText(metric, state?.lastValues[metric.key])]),
            ),
            openWarnings: open,
            warned: open > 0,
          };
        }),
      );
      return ok('', {
        summary: {
          total: machines.length,
          online: machines.filter((machine) => machine.online).length,
          openWarnings: machines.reduce((sum, machine) => sum + machine.openWarnings, 0),
        },
        machines,
      });
    },
  );

  app.get<{ Querystring: { projectId: string; deviceType: MachineType; days: number } }>(
    '/api/iot/v1.0/monitoring/cycles',
    {
      config: { auth: 'user', permission: IOT_VIEW },
      schema: {
        tags,
        summary: '塔吊监测 / 升降机监测: working cycles per machine and day',
        description:
          'Lifts of a crane (load above 0.2 t, then back to about 0) or trips of a hoist (from a floor to ' +
          'another, at least 2 m), detected in the raw readings and counted by China day: data {rows [{day, ' +
          'deviceId, deviceName, cycles, maxLoad, maxPercent, overloads}] (today first), chart [{name: day, ' +
          'value: cycles, series: machine}], overloadChart}. Overload: moment ≥ 100 % (crane), load over rated ' +
          '(hoist). A cycle with a gap of over 2 minutes in its readings is not counted.',
        security,
        querystring: {
          ...machineQuery,
          properties: {
            ...machineQuery.properties,
            days: { type: 'integer', minimum: 1, maximum: 31, default: 7 },
          },
        },
      },
    },
    async (request) => {
      const { projectId: project, deviceType, days } = request.query;
      const rows = await projectDevices(request, project, deviceType);
      const names = new Map(rows.map((row) => [String(row.id), String(row.name)]));
      const type = types.get(deviceType);
      const load = type?.metrics.find((metric) => metric.key === 'load');
      const perDay = await cycles.days(
        rows.map((row) => ({ id: String(row.id), type: deviceType })),
        days,
      );
      // The charts run from the oldest day to today, the machines in the list's order within each day.
      const oldestFirst = [...perDay].sort((a, b) => a.day.localeCompare(b.day));
      return ok('', {
        rows: perDay.map((row) => ({
          ...row,
          id: `${row.deviceId}:${row.day}`,
          deviceName: names.get(row.deviceId) ?? row.deviceId,
          maxLoadText: row.maxLoad === null ? '—' : valueText(load, row.maxLoad),
          maxPercentText: row.maxPercent === null ? '—' : `${row.maxPercent.toFixed(1)}%`,
          overloadText: row.overloads > 0 ? `${row.overloads} 次` : '无',
          overloaded: row.overloads > 0,
        })),
        chart: oldestFirst.map((row) => ({
          name: row.day.slice(5),
          value: row.cycles,
          series: names.get(row.deviceId) ?? row.deviceId,
        })),
        overloadChart: oldestFirst.map((row) => ({
          name: row.day.slice(5),
          value: row.overloads,
          series: names.get(row.deviceId) ?? row.deviceId,
        })),
        today: chinaDate(chinaDayStart(now())),
      });
    },
  );
  app.get<{ Querystring: { projectId: string } }>(
    '/api/iot/v1.0/monitoring/overview',
    {
      config: { auth: 'user', permission: IOT_VIEW },
      schema: {
        tags,
        summary: "项目大屏: a project's devices by state and its environment monitor's latest values",
        description:
          'data {devices {total, online, offline, openWarnings (not closed), todayWarnings (opened this China day), ' +
          'onlineRate (%)}, byType (chart rows {name: type ' +
          'name, value: devices, series: 在线/离线/未上报/未接入}), environment {hasMonitor, name, lastSeenText, ' +
          'texts (value and unit by metric), pm25, pm10, noise, windSpeed (gauge rows [{name, value, limit?}]: ' +
          "PM10 as its mean over the last 24 hours against the monitor's own limit of that mean (GB 3095), noise " +
          'as the equivalent level of the last 20 minutes against the limit in force now (GB 12523 day or night), ' +
          'the others as last reported; the wind speed ' +
          'that stops lifting (tower crane, GB 5144))}}. The monitor is the first registered environment monitor of ' +
          'the project that is online (else the first registered).',
        security,
        querystring: { type: 'object', required: ['projectId'], properties: { projectId } },
      },
    },
    async (request) => {
      const { projectId: project } = request.query;
      await access.checkProject(request, project);
      const { rows } = await sql<{ id: string; name: string; deviceType: string; thresholdOverrides: unknown }>`
        select id, name, device_type as "deviceType", threshold_overrides as "thresholdOverrides"
        from c_iot_device where project_id = ${project} order by created_at, id`.execute(db);
      const [states, counts] = await Promise.all([
        status(rows),
        sql<{ open: string; today: string }>`select
            count(*) filter (where status in ('open', 'acknowledged')) as open,
            count(*) filter (where opened_at >= ${chinaDayStart(now())}) as today
          from c_iot_warning where project_id = ${project}`.execute(db),
      ]);
      const online = rows.filter((row) => states.get(row.id)?.online).length;
      const offline = rows.filter((row) => states.get(row.id)?.onlineLabel === '离线').length;
      const typeIds = [...new Set(rows.map((row) => row.deviceType))];
      const byType = typeIds.flatMap((typeId) => {
        const ofType = rows.filter((row) => row.deviceType === typeId);
        return ONLINE_LABELS.map((label) => ({
          name: types.get(typeId)?.name ?? typeId,
          value: ofType.filter((row) => states.get(row.id)?.onlineLabel === label).length,
          series: label,
        })).filter((row) => row.value > 0 || row.series === '在线' || row.series === '离线');
      });

      // The project's first monitor that reports: the one put up first stays on the screen while it works.
      const monitors = rows.filter((row) => row.deviceType === 'environment');
      const monitor = monitors.find((row) => states.get(row.id)?.online) ?? monitors[0];
      const type = types.get('environment');
      const at = now();
      const state = monitor ? (await store.states([monitor.id])).get(monitor.id) : undefined;
      const metric = (key: string) => type?.metrics.find((spec) => spec.key === key);
      const thresholds = type && monitor ? effectiveThresholds(type, storedOverrides(monitor.thresholdOverrides)) : [];
      // The lowest limit in force now: day or night noise, an early warning before an alarm.
      const limitNow = (key: string, of: readonly ThresholdSpec[]) => {
        const inForce = of.filter(
          (t) =>
            t.metric === key &&
            t.minus === undefined &&
            t.rate === undefined &&
            t.baseline === undefined &&
            appliesAt(t, at),
        );
        return inForce.length > 0 ? Math.min(...inForce.map((t) => t.above)) : undefined;
      };
      // A metric judged on its mean over a window (PM10's 24 hours, noise's 20 minutes) shows that mean up to now,
      // the figure its limit is of, not the last minute's reading.
      const averaged = async (key: string) => {
        const average = thresholds.find((t) => t.metric === key && t.average && appliesAt(t, at))?.average;
        if (!monitor || !average) return undefined;
        const figures = await store.windowFigures(
          monitor.id,
          key,
          new Date(at.getTime() - average.minutes * 60_000),
          at,
          average.kind,
        );
        return figures.mean;
      };
      const [pm10Mean, noiseLeq] = await Promise.all([averaged('pm10'), averaged('noise')]);
      const windStop = limitNow('windSpeed', types.get('tower-crane')?.thresholds ?? []);
      const gaugeRow = (key: string, limit: number | undefined, mean?: number) => {
        const spec = metric(key);
        const value = mean ?? state?.lastValues[key];
        if (!spec || value === undefined) return [];
        return [
          {
            name: spec.title,
            value: Number(value.toFixed(spec.decimals ?? 2)),
            ...(limit === undefined ? {} : { limit }),
          },
        ];
      };
      return ok('', {
        devices: {
          total: rows.length,
          online,
          offline,
          openWarnings: Number(counts.rows[0]?.open ?? 0),
          todayWarnings: Number(counts.rows[0]?.today ?? 0),
          onlineRate: rows.length === 0 ? 0 : Math.round((online / rows.length) * 100),
        },
        byType,
        environment: {
          hasMonitor: monitor !== undefined,
          noMonitorText: '本项目尚未登记扬尘监测设备',
          name: monitor?.name ?? '',
          lastSeenText: state ? chinaDateTime(state.lastSeen) : '尚未上报',
          texts: Object.fromEntries(
            (type?.metrics ?? []).map((spec) => [spec.key, valueText(spec, state?.lastValues[spec.key])]),
          ),
          pm25: gaugeRow('pm25', undefined),
          pm10: gaugeRow('pm10', limitNow('pm10', thresholds), pm10Mean),
          noise: gaugeRow('noise', limitNow('noise', thresholds), noiseLeq),
          windSpeed: gaugeRow('windSpeed', windStop),
        },
      });
    },
  );
}
