/**
 * The records of one collection: the standard calls (list with filters and sort, get, create, update, delete,
 * status steps and their timeline; the figures for charts and reports in record-figures.ts) on the table
 * collections/table-sync.ts keeps. Every
 * call is for one project; who may see which project is the routes' business (collections/routes.ts). Bodies
 * arrive validated against the collection's schema; this layer adds what a schema cannot say (unique within a
 * project, status steps, optimistic concurrency) and says what went wrong as a DomainError.
 */
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { type CollectionFile, type StatusTransition } from '../../shared/collections.js';
import { SYSTEM_COLUMNS } from './columns.js';
import { collectionTable, fieldColumn, storedFields, type StoredField } from './columns.js';
import { applyStoredComputed, withReadComputed } from './computed.js';
import { checkReferences, touchesReferences } from './reference-check.js';
import { labelReferences } from './reference-labels.js';
import { collectionCacheVersion, uniqueIndexName } from './table-sync.js';
import { ListTotals } from '../lib/list-totals.js';
import type { Db } from '../db/database.js';
import { uniqueViolation } from '../db/errors.js';
import { escapeLike } from '../lib/like-pattern.js';
import { DomainError, invalidField } from '../domain-error.js';
import {
  aggregateRecords,
  monthSheet,
  type AggregateParams,
  type AggregateRow,
  type MonthSheet,
  type RecordQuery,
  type SheetParams,
} from './record-figures.js';

import { recomputeStoredFields, seedRecords, type RecordStore, type SeedRecord } from './record-seed.js';

export type { AggregateParams, AggregateRow, MonthSheet, SheetParams, SheetRow } from './record-figures.js';
export type { SeedRecord } from './record-seed.js';

export type RecordValues = Record<string, unknown>;

export interface ListParams {
  projectId: string;
  pageNo: number;
  pageSize: number;
  sort?: string;
  /** Filter values by the names `filterNames()` lists. */
  filters: Record<string, unknown>;
}

export interface RecordPage {
  dataList: RecordValues[];
  total: number;
  pageNo: number;
  pageSize: number;
}

export interface HistoryEntry {
  action: string;
  actionLabel: string;
  from: string | null;
  to: string | null;
  fromLabel: string;
  toLabel: string;
  byName: string;
  at: Date;
  remark: string;
  data: RecordValues;
  photos: string[];
}

export const RecordMessages = {
  notFound: '记录不存在或已被删除',
  stale: '该记录已被他人修改，请刷新后重试',
  noProject: '请选择项目',
} as const;

type Fragment = RawBuilder<unknown>;

/** Past this many records from the start, the list counts first and may read the page from the end. */
const DEEP_OFFSET = 1000;

/**
 * What a write did, for the hooks a module's plugin adds (`records.onWrite`): a hook runs inside the write's
 * transaction, after the row changed and before it commits, so what it writes commits or rolls back with the
 * record, and a DomainError it throws refuses the whole call with its message.
 */
export interface RecordWrite {
  kind: 'create' | 'update' | 'remove' | 'transition';
  id: string;
  projectId: string;
  /** Who wrote ('' when the caller did not say). */
  actorId: string;
  /** The step taken (a transition's `action`). */
  action?: string;
  /** The record as it was before an update, removal or step. */
  before?: RecordValues;
  /** The transaction: raw reads and writes of the module's own tables. */
  db: Db;
  /** Another collection's records inside the same transaction. */
  records(collection: string): CollectionRecords;
}

export type WriteHook = (write: RecordWrite) => Promise<void>;

/** A query-string filter of the list: which field it reads and how it matches. */
export interface ListFilter {
  name: string;
  field: StoredField;
  match: 'eq' | 'like' | 'from' | 'to';
}

/** Adds to records on their way out what a module keeps elsewhere (a device's last report, ...). */
export type ReadExtension = (rows: RecordValues[]) => Promise<void>;

export class CollectionRecords {
  readonly table: string;
  readonly fields: StoredField[];
  private readonly byName: Map<string, StoredField>;
  private readonly readExtensions: ReadExtension[] = [];
  /** The list's totals, counted again only after a write to the records. */
  private readonly totals: ListTotals;

  constructor(
    private readonly db: Db,
    readonly file: CollectionFile,
    private readonly now: () => Date,
    private readonly collections: ReadonlyMap<string, CollectionRecords>,
    /** Shared with the transaction-bound copies `within()` makes, so a hook added once sees every write. */
    private readonly hooks: WriteHook[] = [],
  ) {
    this.table = collectionTable(file.id);
    this.fields = storedFields(file);
    this.byName = new Map(this.fields.map((field) => [field.name, field]));
    this.totals = new ListTotals(db, collectionCacheVersion(file));
  }

  /** Runs `hook` inside every write of this collection (see RecordWrite). */
  onWrite(hook: WriteHook): void {
    this.hooks.push(hook);
  }

  /** These records read and written through `trx` (a hook's writes to other collections join its transaction). */
  within(trx: Db): CollectionRecords {
    return new CollectionRecords(trx, this.file, this.now, this.collections, this.hooks);
  }

  /** `work` in a transaction: a new one, or the one these records are bound to already. */
  private transact<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work);
  }

  private async runHooks(trx: Db, write: Omit<RecordWrite, 'db' | 'records'>): Promise<void> {
    for (const hook of this.hooks)
      await hook({
        ...write,
        db: trx,
        records: (collection) => {
          const other = this.collections.get(collection);
          if (!other) throw new Error(`no collection ${collection}`);
          return other.within(trx);
        },
      });
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

  private column(name: string): Fragment {
    const system = SYSTEM_COLUMNS[name as keyof typeof SYSTEM_COLUMNS];
    const column = system ?? this.byName.get(name)?.column;
    if (!column) throw new Error(`collection ${this.file.id} has no field ${name}`);
    return sql`t.${sql.id(column)}`;
  }

  private selection(): Fragment {
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

  private from(): Fragment {
    return sql`${sql.table(this.table)} t left join sys_user u on u.id = t.created_by`;
  }

  private conditions(projectId: string, filters: Record<string, unknown>): Fragment {
    const parts: Fragment[] = [sql`t.project_id = ${projectId}`];
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

  /** Records as they leave the server: read-time computed fields and the labels of what they refer to. */
  private async present(rows: RecordValues[]): Promise<RecordValues[]> {
    const now = this.now();
    for (const row of rows) {
      // Unset fields are left out (a form reads them as empty), times travel as ISO text.
      for (const [key, value] of Object.entries(row)) {
        if (value === null) delete row[key];
        else if (value instanceof Date) row[key] = value.toISOString();
      }
      withReadComputed(this.file, row, now);
    }
    await labelReferences(this.db, this.file, rows, this.collections);
    for (const extend of this.readExtensions) await extend(rows);
    return rows;
  }

  /**
   * A module plugin's addition to every record read (list, get, export): fields it computes from its own tables.
   * They ride along like computed fields; the collection's own fields stay the file's.
   */
  extendReads(extension: ReadExtension): void {
    this.readExtensions.push(extension);
  }

  async list(params: ListParams): Promise<RecordPage> {
    const where = this.conditions(params.projectId, params.filters);
    const sortText = params.sort && this.sortable(params.sort.replace(/^-/, '')) ? params.sort : this.file.sort;
    const sortName = (sortText ?? '-createdAt').replace(/^-/, '');
    const descending = (sortText ?? '-createdAt').startsWith('-');
    const column = this.column(sortName);
    // The list's order, or exactly its reverse (nulls and the id tie-break included).
    const order = (backwards: boolean) =>
      backwards
        ? sql`${column} ${sql.raw(descending ? 'asc' : 'desc')} nulls first, t.id desc`
        : sql`${column} ${sql.raw(descending ? 'desc' : 'asc')} nulls last, t.id`;
    const offset = (params.pageNo - 1) * params.pageSize;
    // The ids of the page first (an index-only scan of the sort index when unfiltered: skipping 50,000 entries
    // reads no table rows), then only those records.
    const page = (backwards: boolean, limit: number, skip: number) =>
      sql<RecordValues>`select ${this.selection()} from (select t.id from ${sql.table(this.table)} t where ${where}
          order by ${order(backwards)} limit ${limit} offset ${skip}) k
        join ${sql.table(this.table)} t on t.id = k.id left join sys_user u on u.id = t.created_by
        order by ${order(backwards)}`.execute(this.db);
    const counting = this.totals.of(JSON.stringify([params.projectId, params.filters]), async () => {
      const count = await sql<{ n: string }>`select count(*) as n from ${sql.table(this.table)} t
        where ${where}`.execute(this.db);
      return Number(count.rows[0]?.n ?? 0);
    });
    let rows: RecordValues[];
    let total: number;
    if (offset <= DEEP_OFFSET) {
      const [count, result] = await Promise.all([counting, page(false, params.pageSize, offset)]);
      total = count;
      rows = result.rows;
    } else {
      // A page far from the start (the last pages of 100,000 workers) is read from the end of the same order, so
      // the database skips what lies behind it rather than every record before it.
      total = await counting;
      const fromEnd = total - offset;
      if (fromEnd <= 0) rows = [];
      else if (offset < total / 2) rows = (await page(false, params.pageSize, offset)).rows;
      else {
        const limit = Math.min(params.pageSize, fromEnd);
        rows = (await page(true, limit, fromEnd - limit)).rows.reverse();
      }
    }
    return {
      dataList: await this.present(rows),
      total,
      pageNo: params.pageNo,
      pageSize: params.pageSize,
    };
  }

  /** Every record of the list's filters, for an export (at most `limit`). */
  async all(projectId: string, filters: Record<string, unknown>, limit: number): Promise<RecordValues[]> {
    const result = await sql<RecordValues>`select ${this.selection()} from ${this.from()}
      where ${this.conditions(projectId, filters)} order by t.created_at desc, t.id limit ${limit}`.execute(this.db);
    return this.present(result.rows);
  }

  /** The project a record belongs to, for the caller's scope check before anything else is read. */
  async projectOf(id: string): Promise<string> {
    const result = await sql<{ project_id: string }>`select project_id from ${sql.table(this.table)}
      where id = ${id}`.execute(this.db);
    const row = result.rows[0];
    if (!row) throw new DomainError('notFound', RecordMessages.notFound);
    return row.project_id;
  }

  async get(id: string): Promise<RecordValues> {
    const result = await sql<RecordValues>`select ${this.selection()} from ${this.from()}
      where t.id = ${id}`.execute(this.db);
    const row = result.rows[0];
    if (!row) throw new DomainError('notFound', RecordMessages.notFound);
    return (await this.present([row]))[0];
  }

  /**
   * Values of the record's own fields to store: what the body holds of them, plus write-time computed fields
   * (`creating`: of a new record).
   */
  private storedValues(input: RecordValues, creating: boolean): RecordValues {
    const values: RecordValues = {};
    for (const field of this.fields)
      if (field.own && Object.hasOwn(input, field.name)) values[field.name] = input[field.name] ?? null;
    applyStoredComputed(this.file, values, this.now(), creating);
    return values;
  }

  /** Checks the references of rows about to be stored for `projectId` and fills their lookups (reference-check.ts). */
  private checkReferences(projectId: string, rows: RecordValues[]): Promise<void> {
    return checkReferences(this.db, this.file, this.collections, projectId, rows);
  }

  private sqlValue(field: StoredField, value: unknown): Fragment {
    if (value === null || value === undefined) return sql`null`;
    return field.type === 'jsonb' ? sql`${JSON.stringify(value)}::jsonb` : sql`${value}`;
  }

  private async guardUnique<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const constraint = uniqueViolation(error);
      if (constraint === undefined) throw error;
      const rule = (this.file.unique ?? []).find((u) => uniqueIndexName(this.file, u.fields) === constraint);
      throw invalidConflict(rule?.fields[0] ?? '', rule?.message ?? '记录重复');
    }
  }

  async create(
    projectId: string,
    input: RecordValues,
    actorId: string,
    id: string = randomUUID(),
  ): Promise<RecordValues> {
    const values = this.storedValues(input, true);
    await this.checkReferences(projectId, [values]);
    const status = this.file.status;
    if (status) values[status.field] = status.initial;
    const fields = this.fields.filter((field) => Object.hasOwn(values, field.name));
    await this.guardUnique(() =>
      this.transact(async (trx) => {
        await sql`insert into ${sql.table(this.table)}
          (id, project_id, created_by ${sql.join(
            fields.map((field) => sql`, ${sql.id(field.column)}`),
            sql``,
          )})
          values (${id}, ${projectId}, ${actorId} ${sql.join(
            fields.map((field) => sql`, ${this.sqlValue(field, values[field.name])}`),
            sql``,
          )})`.execute(trx);
        if (status) await this.recordStep(trx, { id, projectId }, 'create', null, status.initial, actorId, null, {});
        await this.runHooks(trx, { kind: 'create', id, projectId, actorId });
      }),
    );
    return this.get(id);
  }

  /**
   * New records in one go (an import): one insert for all of them and one for their timelines' first steps, in one
   * transaction. A unique rule that any of them breaks fails them all with the rule's conflict: the caller then
   * creates that batch one by one to tell which row it was.
   */
  async createMany(projectId: string, inputs: readonly RecordValues[], actorId: string): Promise<string[]> {
    if (inputs.length === 0) return [];
    const flow = this.file.status;
    const ids = inputs.map(() => randomUUID());
    const stored = inputs.map((input) => this.storedValues(input, true));
    await this.checkReferences(projectId, stored);
    const rows = stored.map((values, index) => {
      if (flow) values[flow.field] = flow.initial;
      return sql`(${sql.join([
        sql`${ids[index]}`,
        sql`${projectId}`,
        sql`${actorId}`,
        ...this.fields.map((field) => this.sqlValue(field, values[field.name])),
      ])})`;
    });
    const columns = this.fields.map((field) => sql.id(field.column));
    await this.guardUnique(() =>
      this.transact(async (trx) => {
        // Chunks keep each statement well under PostgreSQL's 65,535 parameters.
        for (let start = 0; start < rows.length; start += 200)
          await sql`insert into ${sql.table(this.table)} (id, project_id, created_by, ${sql.join(columns)})
            values ${sql.join(rows.slice(start, start + 200))}`.execute(trx);
        // A module's hooks see every imported record as they see one created by hand (the worker's education flag).
        if (this.hooks.length > 0)
          for (const id of ids) await this.runHooks(trx, { kind: 'create', id, projectId, actorId });
        if (!flow) return;
        const at = this.now();
        for (let start = 0; start < ids.length; start += 500)
          await trx
            .insertInto('collection_history')
            .values(
              ids.slice(start, start + 500).map((id) => ({
                id: randomUUID(),
                collection: this.file.id,
                record_id: id,
                project_id: projectId,
                action: 'create',
                from_status: null,
                to_status: flow.initial,
                actor_id: actorId,
                remark: null,
                data: JSON.stringify({}),
                at,
              })),
            )
            .execute();
      }),
    );
    return ids;
  }

  /** Which of `values` a project's records already hold in `field` (an import's check of a unique rule). */
  async existing(projectId: string, field: string, values: readonly unknown[]): Promise<Set<string>> {
    if (values.length === 0) return new Set();
    const result = await sql<{ v: string }>`select ${this.column(field)}::text as v from ${sql.table(this.table)} t
      where t.project_id = ${projectId} and ${this.column(field)}::text in (${sql.join(values.map(String))})`.execute(
      this.db,
    );
    return new Set(result.rows.map((row) => row.v));
  }

  /** Demo records as their seed file gives them, each once (record-seed.ts). */
  seed(projectId: string, records: readonly SeedRecord[]): Promise<number> {
    return seedRecords(this.store(), projectId, records);
  }

  /** Brings the stored computed fields of older records up to date (record-seed.ts); answers how many changed. */
  recomputeStored(batchSize = 500): Promise<number> {
    return recomputeStoredFields(this.store(), batchSize);
  }

  /** How seeding and recomputing (record-seed.ts) read and write these records. */
  private store(): RecordStore {
    return {
      ...this.query(),
      fields: this.fields,
      now: this.now,
      selection: () => this.selection(),
      from: () => this.from(),
      storedValues: (input, creating) => this.storedValues(input, creating),
      checkReferences: (projectId, rows) => this.checkReferences(projectId, rows),
      sqlValue: (field, value) => this.sqlValue(field, value),
      transact: (work) => this.transact(work),
    };
  }

  /** `column = value` of every stored field `values` holds. */
  private assignments(values: RecordValues): Fragment[] {
    return this.fields
      .filter((field) => Object.hasOwn(values, field.name))
      .map((field) => sql`${sql.id(field.column)} = ${this.sqlValue(field, values[field.name])}`);
  }

  async update(id: string, input: RecordValues, version?: number, actorId = ''): Promise<RecordValues> {
    const values = this.storedValues(input, false);
    if (touchesReferences(this.file, [values])) await this.checkReferences(await this.projectOf(id), [values]);
    // The status moves only through its steps, never through an edit.
    if (this.file.status) delete values[this.file.status.field];
    const sets = this.assignments(values);
    const before = this.hooks.length > 0 ? await this.get(id) : undefined;
    let changed = true;
    await this.guardUnique(() =>
      this.transact(async (trx) => {
        const result = await sql`update ${sql.table(this.table)} set ${sql.join([
          ...sets,
          sql`updated_at = now()`,
          sql`version = version + 1`,
        ])} where id = ${id} ${version === undefined ? sql`` : sql`and version = ${version}`}`.execute(trx);
        changed = Number(result.numAffectedRows ?? 0) > 0;
        if (!changed) return;
        if (before)
          await this.runHooks(trx, { kind: 'update', id, projectId: String(before.projectId), actorId, before });
      }),
    );
    if (!changed) {
      // Read outside the transaction (PGlite has one connection): not found -> notFound; else someone was first.
      await this.projectOf(id);
      throw new DomainError('conflict', RecordMessages.stale);
    }
    return this.get(id);
  }

  async remove(id: string, actorId = ''): Promise<void> {
    const before = this.hooks.length > 0 ? await this.get(id) : undefined;
    await this.transact(async (trx) => {
      const result = await sql`delete from ${sql.table(this.table)} where id = ${id}`.execute(trx);
      if (Number(result.numAffectedRows ?? 0) === 0) throw new DomainError('notFound', RecordMessages.notFound);
      await trx
        .deleteFrom('collection_history')
        .where('collection', '=', this.file.id)
        .where('record_id', '=', id)
        .execute();
      if (before)
        await this.runHooks(trx, { kind: 'remove', id, projectId: String(before.projectId), actorId, before });
    });
  }

  transitionOf(action: string): StatusTransition | undefined {
    return this.file.status?.transitions.find((t) => t.id === action);
  }

  /**
   * Moves a record one step of its status flow. The step must start from the record's current state, the actor
   * must be the one the step names, the fields it requires must be given; the record's `version` must still be
   * the one the actor saw, so of two people acting at once exactly one succeeds and the other is told.
   */
  async transition(
    id: string,
    action: string,
    body: RecordValues,
    actorId: string,
    version: number,
  ): Promise<RecordValues> {
    const flow = this.file.status;
    const step = this.transitionOf(action);
    if (!flow || !step) throw invalidField('action', `不认识的操作：${action}`);
    const record = await this.get(id);
    const current = String(record[flow.field] ?? '');
    const stateLabel = (state: string) => flow.states[state]?.label ?? state;
    if (Number(record.version) !== version) throw new DomainError('conflict', RecordMessages.stale);
    if (!step.from.includes(current))
      throw new DomainError('conflict', `当前状态为“${stateLabel(current)}”，不能执行“${step.label}”`);
    if (step.actorField && record[step.actorField] !== actorId) {
      const title = this.file.schema.properties[step.actorField]?.title ?? step.actorField;
      throw new DomainError('forbidden', `只有${title}可以执行“${step.label}”`);
    }
    for (const name of step.requires ?? []) {
      const value = body[name];
      const missing =
        value === undefined ||
        value === null ||
        (typeof value === 'string' && value.trim() === '') ||
        (Array.isArray(value) && value.length === 0);
      if (missing) {
        const property = this.file.schema.properties[name];
        const declared = typeof property?.errorMessage === 'object' ? property.errorMessage.required : undefined;
        throw invalidField(name, declared ?? `请填写${property?.title ?? name}`);
      }
    }
    const allowed = new Set([...(step.requires ?? []), ...(step.sets ?? [])]);
    const changes: RecordValues = {};
    for (const name of allowed) if (Object.hasOwn(body, name)) changes[name] = body[name];
    if (touchesReferences(this.file, [changes])) await this.checkReferences(String(record.projectId), [changes]);
    const sets = this.assignments(changes);
    await this.transact(async (trx) => {
      const result = await sql`update ${sql.table(this.table)} set ${sql.join([
        sql`${sql.id(this.byName.get(flow.field)?.column ?? flow.field)} = ${step.to}`,
        ...sets,
        sql`updated_at = now()`,
        sql`version = version + 1`,
      ])} where id = ${id} and version = ${version}`.execute(trx);
      if (Number(result.numAffectedRows ?? 0) === 0) throw new DomainError('conflict', RecordMessages.stale);
      const remark = typeof body.remark === 'string' ? body.remark : null;
      await this.recordStep(
        trx,
        { id, projectId: String(record.projectId) },
        step.id,
        current,
        step.to,
        actorId,
        remark,
        changes,
      );
      await this.runHooks(trx, {
        kind: 'transition',
        id,
        projectId: String(record.projectId),
        actorId,
        action: step.id,
        before: record,
      });
    });
    return this.get(id);
  }

  private async recordStep(
    db: Db,
    record: { id: string; projectId: string },
    action: string,
    from: string | null,
    to: string | null,
    actorId: string,
    remark: string | null,
    data: RecordValues,
  ): Promise<void> {
    await db
      .insertInto('collection_history')
      .values({
        id: randomUUID(),
        collection: this.file.id,
        record_id: record.id,
        project_id: record.projectId,
        action,
        from_status: from,
        to_status: to,
        actor_id: actorId,
        remark,
        data: JSON.stringify(data),
        at: this.now(),
      })
      .execute();
  }

  async history(id: string): Promise<HistoryEntry[]> {
    const flow = this.file.status;
    const label = (state: string | null) => (state ? (flow?.states[state]?.label ?? state) : '');
    const rows = await this.db
      .selectFrom('collection_history as h')
      .leftJoin('sys_user as u', 'u.id', 'h.actor_id')
      .select(['h.action', 'h.from_status', 'h.to_status', 'h.remark', 'h.data', 'h.at', 'u.name'])
      .where('h.collection', '=', this.file.id)
      .where('h.record_id', '=', id)
      .orderBy('h.at')
      .orderBy('h.id')
      .execute();
    const imageFields = Object.entries(this.file.files ?? {})
      .filter(([, kind]) => kind !== 'attachments')
      .map(([field]) => field);
    return rows.map((row) => {
      const data = (typeof row.data === 'string' ? JSON.parse(row.data) : (row.data ?? {})) as RecordValues;
      return {
        action: row.action,
        actionLabel: row.action === 'create' ? '新建' : (this.transitionOf(row.action)?.label ?? row.action),
        from: row.from_status,
        to: row.to_status,
        fromLabel: label(row.from_status),
        toLabel: label(row.to_status),
        byName: row.name ?? '',
        at: row.at,
        remark: row.remark ?? '',
        data,
        // The pictures the step brought (a rectification's photos), for the timeline.
        photos: imageFields.flatMap((field) => {
          const value = data[field];
          return Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? [value] : [];
        }),
      };
    });
  }

  /** count/sum/avg grouped by a field, or by day/week/month of a date, optionally split into series. */
  aggregate(params: AggregateParams): Promise<AggregateRow[]> {
    return aggregateRecords(this.query(), params);
  }

  /** The month sheet of a project: a pivot of the records, rows by a field and columns by the days of a month. */
  sheet(params: SheetParams): Promise<MonthSheet> {
    return monthSheet(this.query(), params);
  }

  /** How the figures (record-figures.ts) read these records. */
  private query(): RecordQuery {
    return {
      db: this.db,
      file: this.file,
      table: this.table,
      collections: this.collections,
      field: (name) => this.byName.get(name),
      column: (name) => this.column(name),
      conditions: (projectId, filters) => this.conditions(projectId, filters),
    };
  }

  /** The stored type of a field, for a route checking what a call may name. */
  fieldType(name: string): StoredField['type'] | undefined {
    return this.byName.get(name)?.type;
  }
}

function invalidConflict(field: string, message: string): DomainError {
  return new DomainError('conflict', message, { fields: field ? [{ field, message }] : [] });
}
