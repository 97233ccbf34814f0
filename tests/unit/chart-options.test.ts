/** ECharts options from name/value rows (the aggregate call's shape), one builder per chart panel type. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chartOption,
  chartSummary,
  chinaAxisText,
  chinaAxisTime,
  type ChartRow,
} from '../../src/widgets/display/chart-options';

type Series = { type: string; name?: string; stack?: string; areaStyle?: unknown; data: unknown[]; radius?: unknown };
const seriesOf = (option: ReturnType<typeof chartOption>) => option.series as Series[];

const byMonth: ChartRow[] = [
  { name: '2026-09-01', value: 3, series: '一般' },
  { name: '2026-10-01', value: 5, series: '一般' },
  { name: '2026-09-01', value: 1, series: '重大' },
  { name: '2026-10-01', value: 2, series: '重大' },
];

describe('chart options', () => {
  it('line and area: a time axis, one line per series, the area filled', () => {
    const line = chartOption('line', byMonth);
    expect(line.xAxis).toEqual({ type: 'time' });
    const [sep, oct] = [Date.UTC(2026, 8, 1), Date.UTC(2026, 9, 1)];
    expect(seriesOf(line).map((series) => [series.name, series.data])).toEqual([
      [
        '一般',
        [
          [sep, 3],
          [oct, 5],
        ],
      ],
      [
        '重大',
        [
          [sep, 1],
          [oct, 2],
        ],
      ],
    ]);
    expect(seriesOf(line)[0].areaStyle).toBeUndefined();
    expect(seriesOf(chartOption('area', byMonth))[0].areaStyle).toBeDefined();
  });

  it('bar and stacked bar: categories in order, a missing value is 0, stacked series share a stack', () => {
    const rows: ChartRow[] = [
      { name: '木工班', value: 12, series: '在场' },
      { name: '钢筋班', value: 8, series: '在场' },
      { name: '钢筋班', value: 2, series: '退场' },
    ];
    const stacked = chartOption('stackedBar', rows);
    expect(stacked.xAxis).toMatchObject({ type: 'category', data: ['木工班', '钢筋班'] });
    expect(seriesOf(stacked).map((series) => [series.name, series.stack, series.data])).toEqual([
      ['在场', 'total', [12, 8]],
      ['退场', 'total', [0, 2]],
    ]);
    expect(seriesOf(chartOption('bar', rows)).every((series) => series.stack === undefined)).toBe(true);
  });

  it('pie and donut: the biggest seven slices and the rest as 其他; a donut has a hole', () => {
    const provinces = Array.from({ length: 10 }, (_, index) => ({ name: `省${index}`, value: 10 - index }));
    const pie = seriesOf(chartOption('pie', provinces))[0];
    expect(pie.data).toHaveLength(8);
    expect(pie.data.at(-1)).toEqual({ name: '其他', value: 3 + 2 + 1 });
    expect(pie.radius).toBe('72%');
    expect(seriesOf(chartOption('donut', provinces))[0].radius).toEqual(['45%', '72%']);
  });

  it('gauge: the first row against the declared maximum, with its unit', () => {
    const gauge = seriesOf(chartOption('gauge', [{ name: '出勤率', value: 86 }], { max: 100, unit: '%' }))[0];
    expect(gauge).toMatchObject({ type: 'gauge', max: 100, data: [{ name: '出勤率', value: 86 }] });
  });

  it('a text alternative names every value', () => {
    expect(chartSummary(byMonth.slice(0, 2))).toBe('一般 2026-09-01 3，一般 2026-10-01 5');
    // A week of readings is told per series.
    const week = Array.from({ length: 30 }, (_, i) => ({ name: `t${i}`, value: i % 7, series: 'PM10' }));
    expect(chartSummary(week)).toBe('PM10：30 个数据，t0 至 t29，最小 0，最大 6，最新 1');
  });

  describe("times in China time whatever the browser's zone", () => {
    const zone = process.env.TZ;
    // A browser in New York: midnight UTC is 19:00 there the day before, and 08:00 in China.
    beforeAll(() => {
      process.env.TZ = 'America/New_York';
    });
    afterAll(() => {
      process.env.TZ = zone;
    });

    const readings: ChartRow[] = [
      { name: '2026-11-24T00:00:00.000Z', value: 88, series: 'PM10' },
      { name: '2026-11-24T16:30:00.000Z', value: 95, series: 'PM10' },
    ];

    it('places instants on China hours: the axis is in UTC and the points are China wall-clock time', () => {
      expect(new Date(Date.UTC(2026, 10, 24)).getHours()).toBe(19);
      const option = chartOption('line', readings, { unit: 'μg/m³' });
      expect(option.useUTC).toBe(true);
      expect(seriesOf(option)[0].data).toEqual([
        [Date.UTC(2026, 10, 24, 8, 0), 88],
        [Date.UTC(2026, 10, 25, 0, 30), 95],
      ]);
      expect(chinaAxisText(chinaAxisTime(readings[1].name), 'minute')).toBe('2026-11-25 00:30');
      // A China calendar day or month stays what it is.
      expect(chinaAxisText(chinaAxisTime('2026-11-24'), 'day')).toBe('2026-11-24');
      expect(chinaAxisText(chinaAxisTime('2026-11'), 'month')).toBe('2026-11');
    });

    it('the tooltip says the China time and the value with its unit', () => {
      const option = chartOption('line', readings, { unit: 'μg/m³' });
      const tooltip = option.tooltip as { formatter: (params: unknown) => string };
      const point = seriesOf(option)[0].data[1];
      expect(tooltip.formatter([{ value: point, seriesName: 'PM10', marker: '' }])).toBe(
        '2026-11-25 00:30<br/>PM10：95μg/m³',
      );
      const days = chartOption('line', byMonth);
      const day = seriesOf(days)[0].data[0];
      expect((days.tooltip as typeof tooltip).formatter([{ value: day, seriesName: '一般', marker: '' }])).toBe(
        '2026-09-01<br/>一般：3',
      );
    });

    it('a screen reader hears the China time too', () => {
      expect(chartSummary(readings)).toBe('PM10 2026-11-24 08:00 88，PM10 2026-11-25 00:30 95');
    });
  });
});
