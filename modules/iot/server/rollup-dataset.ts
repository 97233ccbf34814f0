/**
 * The telemetry rollups as a data set for charts (数据可视化, the big screens): the hour rollups of iot_rollup (count,
 * sum, min and max of each device's metric per hour, kept up to date with every stored reading by
 * telemetry-store.ts) grouped by device type, metric, device or a time bucket (hour, China day, week, month), in the
 * projects asked for. A chart reads at most one row per device, metric and hour of its window, never the raw
 * readings, and its figures equal the raw readings' own: a count is the sum of the counts, an average the sum of the
 * sums over the sum of the counts.
 *
 * The window is the chart's 起始日期 to 截止日期 (China days, both included): without a start, the 30 days up to the
 * end (today without one); at most a year back from the end, so a chart on a screen left open all day stays cheap.
 */
import { sql, type RawBuilder } from 'kysely';
import {
  chinaDayStart,
  type DataSetAggregate,
  type DataSetRow,
  type DataSetSource,
  type Db,
} from '../../../src/server/module-api.js';
import type { DeviceTypes } from './device-types.js';

export const ROLLUP_DATASET = 'iot-telemetry';
const DAY_MS = 86_400_000;
/** Without a start day, a chart shows this many days up to its end. */
export const DEFAULT_DAYS = 30;
/** The longest window a chart reads. */
export const MAX_DAYS = 366;
const CHINA = sql.lit('Asia/Shanghai');

/** The first instant of a China day given as YYYY-MM-DD. */
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** [from, to) of a chart: its days, or the default window, held to MAX_DAYS. */
export function rollupWindow(filters: Record<string, string>, now: Date): { from: Date; to: Date } {
  const to = new Date((filters.timeTo ? dayStart(filters.timeTo) : chinaDayStart(now)).getTime() + DAY_MS);
  const earliest = new Date(to.getTime() - MAX_DAYS * DAY_MS);
  const from = filters.timeFrom ? dayStart(filters.timeFrom) : new Date(to.getTime() - DEFAULT_DAYS * DAY_MS);
  return { from: from < earliest ? earliest : from, to };
}

export function rollupDataset(db: Db, types: DeviceTypes, now: () => Date): DataSetSource {
  const typeNames = new Map([...types.values()].map((type) => [type.id, type.name]));
  // A metric key means the same quantity in every type that reports it (windSpeed on a crane and a dust monitor).
  const metricNames = new Map<string, string>();
  for (const type of types.values())
    for (const metric of type.metrics)
      if (!metricNames.has(metric.key))
        metricNames.set(metric.key, metric.unit ? `${metric.title}（${metric.unit}）` : metric.title);

  const bucketName = (bucket: NonNullable<DataSetAggregate['bucket']>): RawBuilder<unknown> => {
    const local = sql`(r.bucket at time zone ${CHINA})`;
    if (bucket === 'hour') return sql`to_char(${local}, 'YYYY-MM-DD HH24:00')`;
    return sql`to_char(date_trunc(${sql.lit(bucket)}, ${local}), ${sql.lit(bucket === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD')})`;
  };
  const dimension = (name: string | undefined): RawBuilder<unknown> =>
    name === 'deviceType' ? sql`d.device_type` : name === 'device' ? sql`d.name` : sql`r.metric`;
  const label = (name: string | undefined, value: string): string =>
    name === 'deviceType'
      ? (typeNames.get(value) ?? value)
      : name === 'metric' || name === undefined
        ? (metricNames.get(value) ?? value)
        : value || '未命名设备';

  return {
    id: ROLLUP_DATASET,
    title: '设备读数汇总',
    description:
      '物联网设备读数的小时汇总：按设备类型、监测指标、设备或时间（小时、日、周、月）统计读数条数、合计与平均值。' +
      `未选起始日期时为截止日期前 ${DEFAULT_DAYS} 天，最长一年。`,
    permission: 'iot:device:view',
    dimensions: [
      { field: 'deviceType', title: '设备类型' },
      { field: 'metric', title: '监测指标' },
      { field: 'device', title: '设备' },
    ],
    numbers: [{ field: 'value', title: '读数' }],
    dates: [{ field: 'time', title: '上报时间' }],
    buckets: ['hour', 'day', 'week', 'month'],
    filters: [
      {
        name: 'deviceType',
        title: '设备类型',
        match: 'equal',
        type: 'text',
        options: [...typeNames].map(([value, labelText]) => ({ value, label: labelText })),
      },
      {
        name: 'metric',
        title: '监测指标',
        match: 'equal',
        type: 'text',
        options: [...metricNames].map(([value, labelText]) => ({ value, label: labelText })),
      },
      { name: 'timeFrom', title: '上报时间（起）', match: 'from', type: 'date' },
      { name: 'timeTo', title: '上报时间（止）', match: 'to', type: 'date' },
    ],
    async aggregate(query: DataSetAggregate): Promise<DataSetRow[]> {
      if (query.projectIds.length === 0) return [];
      const { from, to } = rollupWindow(query.filters, now());
      const name = query.bucket ? bucketName(query.bucket) : dimension(query.groupBy);
      const series = query.seriesBy ? dimension(query.seriesBy) : sql`null`;
      const measure =
        query.op === 'count'
          ? sql`sum(r.count)`
          : query.op === 'sum'
            ? sql`sum(r.sum)`
            : sql`sum(r.sum) / nullif(sum(r.count), 0)`;
      const { deviceType, metric } = query.filters;
      const { rows } = await sql<{ name: string | null; series: string | null; value: string | number | null }>`
        select ${name} as name, ${series} as series, ${measure} as value
        from iot_rollup r join c_iot_device d on d.id = r.device_id
        where r.grain = 'hour' and d.project_id in (${sql.join([...query.projectIds])})
          and r.bucket >= ${from} and r.bucket < ${to}
          ${deviceType ? sql`and d.device_type = ${deviceType}` : sql``}
          ${metric ? sql`and r.metric = ${metric}` : sql``}
        group by 1, 2 order by 1, 2`.execute(db);
      return rows.map((row) => {
        const value = Math.round(Number(row.value ?? 0) * 100) / 100;
        const entry: DataSetRow = {
          name: query.bucket ? String(row.name ?? '') : label(query.groupBy, String(row.name ?? '')),
          value,
        };
        if (query.seriesBy) entry.series = label(query.seriesBy, String(row.series ?? ''));
        return entry;
      });
    },
  };
}
