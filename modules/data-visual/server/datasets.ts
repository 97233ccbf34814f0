/**
 * The data sets a chart may draw from, and a chart's figures. Every installed collection whose view permission the
 * caller holds is a data set (as in the data warehouse); its figures are the collection engine's own aggregate
 * (counts, sums and averages grouped by a field or by day/week/month, within the project and the collection's
 * declared filters, values labelled as users read them), never a second query engine and never a raw record. Beside
 * them, the data sets other modules register (app.services.dataSets: IoT's telemetry rollups), each answering its own
 * aggregates. A chart reads one project (a dashboard's, the project screen's) or several (the company screen's: the
 * caller's projects, added up; an average as the sum over the count).
 */
import {
  type CollectionRecords,
  type DataSetSource,
  DomainError,
  type JsonSchemaNode,
  invalidField,
} from '../../../src/server/module-api.js';
import type {
  ChartMeasure,
  ChartQuery,
  ChartRow,
  ChartWidget,
  DatasetField,
  DatasetFilter,
  DatasetInfo,
  DateBucket,
  MeasureOp,
} from '../browser/ldview-types.js';

export const QueryMessages = {
  noDataset: '数据集不存在或无权查看',
  noMeasure: '请至少选择一个指标',
  tooManyMeasures: '指标最多选择4个',
  measureField: '求和、平均须选择一个数值字段',
  bucket: '该数据集不能按所选的时间粒度分组',
  noDimension: '请选择维度（分组字段或日期）',
  bucketField: '按日、周、月分组须选择一个日期字段',
  timeChart: '折线图和面积图的维度须为日期（按日、周或月）',
  stacked: '堆叠柱状图须选择系列分组或多个指标',
  seriesWithMeasures: '选择系列分组时只能有一个指标',
  noField: (name: string) => `数据集没有可用的字段 ${name}`,
  noFilter: (name: string) => `数据集没有筛选条件 ${name}`,
  filterValue: (title: string) => `筛选条件“${title}”的值不正确`,
} as const;

/** The collections that are not data sets: the dashboards themselves. */
const OWN_COLLECTIONS = new Set(['ldview-dashboard']);
const MAX_MEASURES = 4;
/** A chart by a field of many values shows the largest this many (a bar per team, not per worker). */
const MAX_GROUPS = 30;
const SYSTEM_DATES: DatasetField[] = [
  { field: 'createdAt', title: '创建时间' },
  { field: 'updatedAt', title: '更新时间' },
];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function optionsOf(property: JsonSchemaNode | undefined): { value: string; label: string }[] | undefined {
  const choices = property?.oneOf;
  if (!Array.isArray(choices)) return undefined;
  const options = choices.flatMap((choice: unknown) => {
    const { const: value, title } = (choice ?? {}) as { const?: unknown; title?: unknown };
    return value === undefined
      ? []
      : [{ value: String(value), label: typeof title === 'string' ? title : String(value) }];
  });
  return options.length > 0 ? options : undefined;
}

const FILTER_SUFFIX = { from: '（起）', to: '（止）', like: '（包含）', equal: '' } as const;
const COLLECTION_BUCKETS: DateBucket[] = ['day', 'week', 'month'];

/** One measure's figures over the projects named, by the data set's own aggregate. */
interface MeasureQuery {
  projectIds: readonly string[];
  op: MeasureOp;
  field?: string;
  groupBy?: string;
  bucket?: DateBucket;
  dateField?: string;
  seriesBy?: string;
  filters: Record<string, string>;
}

/** A data set as charts use it: what it offers, who may chart it, and its figures. */
export interface Charted {
  info: DatasetInfo;
  permission: string;
  aggregate(query: MeasureQuery): Promise<ChartRow[]>;
}

/** The key of a row, to add up the figures of several projects. */
const rowKey = (row: ChartRow) => `${row.name}\n${row.series ?? ''}`;
const round = (value: number) => Math.round(value * 100) / 100;

/** Figures of several projects added up, in the order groups first appear (buckets sorted, as each project's are). */
function added(parts: readonly ChartRow[][], sorted: boolean): ChartRow[] {
  const totals = new Map<string, ChartRow>();
  for (const row of parts.flat()) {
    const key = rowKey(row);
    const seen = totals.get(key);
    totals.set(key, seen ? { ...seen, value: seen.value + row.value } : { ...row });
  }
  const rows = [...totals.values()].map((row) => ({ ...row, value: round(row.value) }));
  return sorted
    ? rows.sort((a, b) => a.name.localeCompare(b.name) || (a.series ?? '').localeCompare(b.series ?? ''))
    : rows;
}

export class Datasets {
  constructor(
    private readonly collections: ReadonlyMap<string, CollectionRecords>,
    private readonly registered: { list(): DataSetSource[]; get(id: string): DataSetSource | undefined },
  ) {}

  /** Every data set: the collections (but the dashboards) and the modules' registered ones. */
  private all(): Charted[] {
    const collections = [...this.collections.values()]
      .filter((records) => !OWN_COLLECTIONS.has(records.file.id))
      .map((records) => this.ofCollection(records));
    return [...collections, ...this.registered.list().map((source) => Datasets.ofSource(source))];
  }

  /** The data sets the caller's permissions open, by title. */
  visible(permissions: ReadonlySet<string>): DatasetInfo[] {
    return this.all()
      .filter((set) => permissions.has(set.permission))
      .map((set) => set.info)
      .sort((a, b) => a.title.localeCompare(b.title, 'zh-CN') || a.id.localeCompare(b.id));
  }

  /** A data set the caller may see (every permission when `permissions` is absent: a release's own, checked at save). */
  dataset(id: string, permissions?: ReadonlySet<string>): Charted {
    const records = OWN_COLLECTIONS.has(id) ? undefined : this.collections.get(id);
    const source = records ? undefined : this.registered.get(id);
    const set = records ? this.ofCollection(records) : source ? Datasets.ofSource(source) : undefined;
    if (!set || (permissions && !permissions.has(set.permission)))
      throw invalidField('dataset', QueryMessages.noDataset);
    return set;
  }

  private static ofSource(source: DataSetSource): Charted {
    return {
      info: {
        id: source.id,
        title: source.title,
        description: source.description,
        dimensions: source.dimensions,
        numbers: source.numbers,
        dates: source.dates,
        buckets: source.buckets,
        filters: source.filters,
      },
      permission: source.permission,
      aggregate: (query) => source.aggregate(query),
    };
  }

  private ofCollection(records: CollectionRecords): Charted {
    const one = (projectId: string, query: MeasureQuery, op: 'count' | 'sum' | 'avg') =>
      records.aggregate({
        projectId,
        op,
        field: query.field,
        groupBy: query.groupBy,
        bucket: query.bucket === 'hour' ? undefined : query.bucket,
        dateField: query.dateField,
        seriesBy: query.seriesBy,
        filters: query.filters,
      });
    return {
      info: this.info(records),
      permission: records.file.permissions.view,
      async aggregate(query) {
        if (query.projectIds.length === 1) return one(query.projectIds[0], query, query.op);
        const sorted = query.bucket !== undefined;
        if (query.op !== 'avg')
          return added(await Promise.all(query.projectIds.map((id) => one(id, query, query.op))), sorted);
        // An average over several projects: their sums over their counts, group by group.
        const sums = added(await Promise.all(query.projectIds.map((id) => one(id, query, 'sum'))), sorted);
        const counts = new Map(
          added(await Promise.all(query.projectIds.map((id) => one(id, query, 'count'))), sorted).map((row) => [
            rowKey(row),
            row.value,
          ]),
        );
        return sums.map((row) => ({ ...row, value: round(row.value / (counts.get(rowKey(row)) || 1)) }));
      },
    };
  }

  private info(records: CollectionRecords): DatasetInfo {
    const { file } = records;
    const fields = records.fields.filter((field) => field.type !== 'jsonb');
    const pick = (types: readonly string[]) =>
      fields.filter((field) => types.includes(field.type)).map((field) => ({ field: field.name, title: field.title }));
    const filters = records.filterNames().map(({ name, field, match }): DatasetFilter => {
      const options = match === 'eq' ? optionsOf(file.schema.properties[field.name]) : undefined;
      const kind = match === 'like' ? 'like' : match === 'from' || match === 'to' ? match : 'equal';
      return {
        name,
        title: `${field.title}${FILTER_SUFFIX[kind]}`,
        match: kind,
        type:
          field.type === 'date' || field.type === 'timestamptz'
            ? 'date'
            : field.type === 'integer' || field.type === 'double precision'
              ? 'number'
              : 'text',
        ...(options ? { options } : {}),
      };
    });
    return {
      id: file.id,
      title: file.title,
      description: file.description ?? '',
      dimensions: pick(['text', 'boolean']),
      numbers: pick(['integer', 'double precision']),
      dates: [...pick(['date', 'timestamptz']), ...SYSTEM_DATES],
      buckets: COLLECTION_BUCKETS,
      filters,
    };
  }

  /** The query, checked against the data set (-400 with a Chinese message naming what is wrong). */
  check(widget: ChartWidget, query: ChartQuery, permissions?: ReadonlySet<string>): Charted {
    const set = this.dataset(query.dataset, permissions);
    const { info } = set;
    const has = (list: readonly DatasetField[], name: string | undefined) =>
      name !== undefined && list.some((field) => field.field === name);
    if (query.measures.length === 0) throw invalidField('measures', QueryMessages.noMeasure);
    if (query.measures.length > MAX_MEASURES) throw invalidField('measures', QueryMessages.tooManyMeasures);
    for (const measure of query.measures)
      if (measure.op !== 'count' && !has(info.numbers, measure.field))
        throw invalidField('measures', QueryMessages.measureField);
    if (query.bucket) {
      if (!info.buckets.includes(query.bucket)) throw invalidField('bucket', QueryMessages.bucket);
      if (!has(info.dates, query.dateField)) throw invalidField('dateField', QueryMessages.bucketField);
    } else if (!query.groupBy) throw invalidField('groupBy', QueryMessages.noDimension);
    else if (!has(info.dimensions, query.groupBy)) throw invalidField('groupBy', QueryMessages.noField(query.groupBy));
    if ((widget === 'line' || widget === 'area') && !query.bucket)
      throw invalidField('bucket', QueryMessages.timeChart);
    if (query.seriesBy !== undefined) {
      if (!has(info.dimensions, query.seriesBy)) throw invalidField('seriesBy', QueryMessages.noField(query.seriesBy));
      if (query.measures.length > 1) throw invalidField('seriesBy', QueryMessages.seriesWithMeasures);
    }
    if (widget === 'stackedBar' && query.seriesBy === undefined && query.measures.length < 2)
      throw invalidField('seriesBy', QueryMessages.stacked);
    for (const [name, value] of Object.entries(query.filters)) {
      const filter = info.filters.find((each) => each.name === name);
      if (!filter) throw invalidField('filters', QueryMessages.noFilter(name));
      const wrong =
        (filter.type === 'date' && value !== '' && !DAY.test(value)) ||
        (filter.type === 'number' && value !== '' && !Number.isFinite(Number(value))) ||
        (filter.options !== undefined && value !== '' && !filter.options.some((option) => option.value === value));
      if (wrong) throw invalidField('filters', QueryMessages.filterValue(filter.title));
    }
    return set;
  }

  /** What a measure is called on the chart (its series, when there are several). */
  measureTitle(set: Charted, measure: ChartMeasure): string {
    if (measure.op === 'count') return '记录数';
    const title = set.info.numbers.find((field) => field.field === measure.field)?.title ?? measure.field ?? '';
    return `${title}${measure.op === 'sum' ? '合计' : '平均'}`;
  }

  /**
   * A chart's figures in the projects named (one for a project's chart): rows of {name, value, series?}, the engine's
   * chart panels' data.
   */
  async figures(set: Charted, query: ChartQuery, projectIds: readonly string[]): Promise<ChartRow[]> {
    const filters: Record<string, string> = Object.fromEntries(
      Object.entries(query.filters).filter(([, value]) => value !== ''),
    );
    const several = query.measures.length > 1;
    const parts = await Promise.all(
      query.measures.map(async (measure) => {
        const rows = await set.aggregate({
          projectIds,
          op: measure.op,
          field: measure.field,
          groupBy: query.bucket ? undefined : query.groupBy,
          bucket: query.bucket,
          dateField: query.bucket ? query.dateField : undefined,
          seriesBy: several ? undefined : query.seriesBy,
          filters,
        });
        const series = several ? this.measureTitle(set, measure) : undefined;
        return rows.map((row): ChartRow => (series ? { ...row, series } : row));
      }),
    );
    const rows = parts.flat();
    if (query.bucket || rows.length <= MAX_GROUPS) return rows;
    // The largest groups (by their total over the series), in their order.
    const totals = new Map<string, number>();
    for (const row of rows) totals.set(row.name, (totals.get(row.name) ?? 0) + row.value);
    const kept = new Set(
      [...totals]
        .sort((a, b) => b[1] - a[1])
        .slice(0, MAX_GROUPS)
        .map(([name]) => name),
    );
    return rows.filter((row) => kept.has(row.name));
  }
}

/** -404 as for a dashboard that is not there. */
export const notFound = (message: string) => new DomainError('notFound', message);
