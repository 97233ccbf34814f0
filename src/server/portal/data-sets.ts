/**
 * Data sets a module offers beside the collections (IoT's telemetry rollups, say): figures only, never records. A
 * module registers its own through `app.services.dataSets.register(...)`; a module that charts data (data-visual)
 * lists them and asks each for its aggregates. The core holds the list and names no module on either side.
 */

/** A field of a data set as a chart's dimension, measure or date. */
export interface DataSetField {
  field: string;
  title: string;
}

/** A condition a chart may set on a data set, by name: a value equal, contained, or a day from or to. */
export interface DataSetFilter {
  name: string;
  title: string;
  match: 'equal' | 'like' | 'from' | 'to';
  type: 'text' | 'date' | 'number';
  options?: { value: string; label: string }[];
}

export type DataSetBucket = 'hour' | 'day' | 'week' | 'month';

/** One measure of a chart over the projects named, grouped by a field or by a time bucket, maybe split in series. */
export interface DataSetAggregate {
  /** The projects the caller may see that the figures cover (one for a project's chart, several for a company's). */
  projectIds: readonly string[];
  op: 'count' | 'sum' | 'avg';
  field?: string;
  groupBy?: string;
  bucket?: DataSetBucket;
  dateField?: string;
  seriesBy?: string;
  /** Filter values by the filters' names, each checked against the declared filter before it gets here. */
  filters: Record<string, string>;
}

/** A group's figure: its name as users read it (a bucket as YYYY-MM-DD, YYYY-MM or YYYY-MM-DD HH:00). */
export interface DataSetRow {
  name: string;
  value: number;
  series?: string;
}

export interface DataSetSource {
  /** Unique among data sets and collections: `<module>-<what>`. */
  id: string;
  title: string;
  description: string;
  /** The permission a caller needs to chart it. */
  permission: string;
  dimensions: DataSetField[];
  numbers: DataSetField[];
  dates: DataSetField[];
  /** The time buckets its dates group by. */
  buckets: DataSetBucket[];
  filters: DataSetFilter[];
  aggregate(query: DataSetAggregate): Promise<DataSetRow[]>;
}

export class DataSets {
  private readonly sources = new Map<string, DataSetSource>();

  register(source: DataSetSource): void {
    if (this.sources.has(source.id)) throw new Error(`two data sets are called ${source.id}`);
    this.sources.set(source.id, source);
  }

  list(): DataSetSource[] {
    return [...this.sources.values()];
  }

  get(id: string): DataSetSource | undefined {
    return this.sources.get(id);
  }
}
