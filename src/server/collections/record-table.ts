/**
 * One collection's table as SQL, which every job on its records (reads, writes, steps, history, figures, seed)
 * writes its statements through: the columns of its fields, the select list and join records are read with, the
 * declared filters as conditions, values as parameters, the stored values of an input, and transactions.
 */
import { sql, type RawBuilder } from 'kysely';
import type { CollectionFile } from '../../shared/collections.js';
import type { Db } from '../db/database.js';
import { escapeLike } from '../lib/like-pattern.js';
import { collectionTable, storedFields, SYSTEM_COLUMNS, type StoredField } from './columns.js';
import { applyStoredComputed } from './computed.js';
import { checkFileValues } from './file-values.js';
import { checkReferences } from './reference-check.js';
import type { ListFilter, RecordValues } from './record-types.js';

export type Fragment = RawBuilder<unknown>;

/** What the table needs to know of the other collections: where their records are, and what they are. */
export interface OtherCollection {
  readonly table: string;
  readonly file: CollectionFile;
}

export class RecordTable {
  readonly table: string;
  readonly fields: StoredField[];
  private readonly byName: Map<string, StoredField>;

  constructor(
    readonly db: Db,
    readonly file: CollectionFile,
    readonly now: () => Date,
    readonly collections: ReadonlyMap<string, OtherCollection>,
  ) {
    this.table = collectionTable(file.id);
    this.fields = storedFields(file);
    this.byName = new Map(this.fields.map((field) => [field.name, field]));
  }

  /** The same table read and written through `trx`. */
  within(trx: Db): RecordTable {
    return new RecordTable(trx, this.file, this.now, this.collections);
  }

  /** `work` in a transaction: a new one, or the one this table is bound to already. */
  transact<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work);
  }

  field(name: string): StoredField | undefined {
    return this.byName.get(name);
  }

  /** A field's or a system column's SQL, on the table aliased `t`. */
  column(name: string): Fragment {
    const system = SYSTEM_COLUMNS[name as keyof typeof SYSTEM_COLUMNS];
    const column = system ?? this.byName.get(name)?.column;
    if (!column) throw new Error(`collection ${this.file.id} has no field ${name}`);
    return sql`t.${sql.id(column)}`;
  }

  /** The columns a record is read with (its fields by name, dates as yyyy-MM-dd, who created it). */
  selection(): Fragment {
    const own = this.fields.map((field) =>
      field.type === 'date'
        ? sql`to_char(t.${sql.id(field.column)}, 'YYYY-MM-DD') as ${sql.id(field.name)}`
        : sql`t.${sql.id(field.column)} as ${sql.id(field.name)}`,
    );
    return sql.join([
      sql`t.id`,
      sql`t.project_id as "projectId"`,
      sql`t.created_at as "createdAt"`,
      sql`t.updated_at as "updatedAt"`,
      sql`t.created_by as "createdBy"`,
      sql`coalesce(u.name, '') as "createdByName"`,
      sql`t.version`,
      ...own,
    ]);
  }

  /** The table aliased `t`, with the creator's name beside it. */
  from(): Fragment {
    return sql`${sql.table(this.table)} t left join sys_user u on u.id = t.created_by`;
  }

  /** The query-string names of the declared filters (`status`, `name`, `entryDateFrom`, `entryDateTo`, ...). */
  filterNames(): ListFilter[] {
    return Object.entries(this.file.filters ?? {}).flatMap(([name, match]): ListFilter[] => {
      const field = this.byName.get(name);
      if (!field) return [];
      if (match === 'range')
        return [
          { name: `${name}From`, field, match: 'from' },
          { name: `${name}To`, field, match: 'to' },
        ];
      return [{ name, field, match }];
    });
  }

  /** Names a list may be sorted by: stored fields and the record's times. */
  sortable(name: string): boolean {
    return this.byName.has(name) || name === 'createdAt' || name === 'updatedAt';
  }

  /** The project (or projects: a company's figures) and the declared filters as SQL conditions on `t`. */
  conditions(projectId: string | readonly string[], filters: Record<string, unknown>): Fragment {
    const parts: Fragment[] = [
      typeof projectId === 'string'
        ? sql`t.project_id = ${projectId}`
        : projectId.length === 0
          ? sql`false`
          : sql`t.project_id in (${sql.join(projectId.map((id) => sql`${id}`))})`,
    ];
    for (const { name, field, match } of this.filterNames()) {
      const value = filters[name];
      if (value === undefined || value === null || value === '') continue;
      const column = sql`t.${sql.id(field.column)}`;
      if (match === 'like') parts.push(sql`${column} ilike ${`%${escapeLike(String(value))}%`}`);
      else if (match === 'from') parts.push(sql`${column} >= ${value}`);
      else if (match === 'to') parts.push(sql`${column} <= ${value}`);
      else parts.push(sql`${column} = ${value}`);
    }
    return sql.join(parts, sql` and `);
  }

  sqlValue(field: StoredField, value: unknown): Fragment {
    if (value === null || value === undefined) return sql`null`;
    return field.type === 'jsonb' ? sql`${JSON.stringify(value)}::jsonb` : sql`${value}`;
  }

  /** `column = value` of every stored field `values` holds. */
  assignments(values: RecordValues): Fragment[] {
    return this.fields
      .filter((field) => Object.hasOwn(values, field.name))
      .map((field) => sql`${sql.id(field.column)} = ${this.sqlValue(field, values[field.name])}`);
  }

  /**
   * Values of the record's own fields to store: what the body holds of them, plus write-time computed fields
   * (`creating`: of a new record).
   */
  storedValues(input: RecordValues, creating: boolean): RecordValues {
    const values: RecordValues = {};
    for (const field of this.fields)
      if (field.own && Object.hasOwn(input, field.name)) values[field.name] = input[field.name] ?? null;
    checkFileValues(this.file, values);
    applyStoredComputed(this.file, values, this.now(), creating);
    return values;
  }

  /** Checks the references of rows about to be stored for `projectId` and fills their lookups (reference-check.ts). */
  checkReferences(projectId: string, rows: RecordValues[]): Promise<void> {
    return checkReferences(this.db, this.file, this.collections, projectId, rows);
  }
}
