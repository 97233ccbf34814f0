/**
 * The records of one collection, as the routes and the modules' plugins use them: the standard calls (list, get,
 * create, update, delete, status steps and their timeline, figures for charts and reports, seeding) on the table
 * collections/table-sync.ts keeps, each done by the file of its job (record-reads, record-writes, record-steps,
 * record-history, record-figures, record-seed) through the table's SQL (record-table.ts). This class holds what
 * they share: the hooks a module adds to every write, the additions to every read, and the list's totals. Every
 * call is for one project; who may see which project is the routes' business (collections/routes.ts).
 */
import { randomUUID } from 'node:crypto';
import type { CollectionFile, StatusTransition } from '../../shared/collections.js';
import type { Db } from '../db/database.js';
import { DomainError } from '../domain-error.js';
import { arithmeticSources } from './computed.js';
import { ListTotals } from '../lib/list-totals.js';
import type { StoredField } from './columns.js';
import {
  aggregateRecords,
  aggregateByProject,
  type ProjectFiguresParams,
  monthSheet,
  type AggregateParams,
  type AggregateRow,
  type MonthSheet,
  type SheetParams,
} from './record-figures.js';
import { AMEND_ACTION, readHistory, writeSteps } from './record-history.js';
import {
  existingValues,
  presentRecords,
  projectOfRecord,
  readAll,
  readMany,
  readOne,
  readPage,
  type ReadExtension,
} from './record-reads.js';
import { recomputeStoredFields, seedRecords, type SeedRecord } from './record-seed.js';
import { stepOf, takeStep } from './record-steps.js';
import { RecordTable } from './record-table.js';
import {
  RecordMessages,
  type HistoryEntry,
  type ListFilter,
  type ListParams,
  type RecordPage,
  type RecordValues,
} from './record-types.js';
import { deleteRecord, insertRecord, insertRecords, updateRecord, type AfterWrite } from './record-writes.js';
import { collectionCacheVersion } from './table-sync.js';

export type { AggregateParams, AggregateRow, MonthSheet, SheetParams, SheetRow } from './record-figures.js';
export type { ReadExtension } from './record-reads.js';
export type { SeedRecord } from './record-seed.js';
export { RecordMessages } from './record-types.js';
export type { HistoryEntry, ListFilter, ListParams, RecordPage, RecordValues } from './record-types.js';

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
  /**
   * Set on an update that is the outcome of something decided elsewhere (`amend`: an approved request), so a hook
   * that refuses a user's edit of some fields can let the decision through.
   */
  amendment?: RecordAmendment;
  /** The record as it was before an update, removal or step. */
  before?: RecordValues;
  /** The transaction: raw reads and writes of the module's own tables. */
  db: Db;
  /** Another collection's records inside the same transaction. */
  records(collection: string): CollectionRecords;
}

export type WriteHook = (write: RecordWrite) => Promise<void>;

/** Why a record is amended (`amend`): the decision's name, the timeline's remark, the states it applies in. */
export interface RecordAmendment {
  /** What decided it (隐患整改延期申请), in the refusal when the record moved on. */
  label: string;
  remark: string;
  states?: string[];
  /**
   * Fields that keep a value as it was before the first amendment (the record's field -> the field it copies):
   * copied only while still empty, so the original of a corrected value stays after any later correction.
   */
  keep?: Record<string, string>;
}

export class CollectionRecords {
  private readonly sql: RecordTable;
  private readonly readExtensions: ReadExtension[] = [];
  /** The list's totals, counted again only after a write to the records. */
  private readonly totals: ListTotals;

  constructor(
    db: Db,
    readonly file: CollectionFile,
    private readonly now: () => Date,
    private readonly collections: ReadonlyMap<string, CollectionRecords>,
    /** Shared with the transaction-bound copies `within()` makes, so a hook added once sees every write. */
    private readonly hooks: WriteHook[] = [],
  ) {
    this.sql = new RecordTable(db, file, now, collections);
    this.totals = new ListTotals(db, collectionCacheVersion(file));
  }

  get table(): string {
    return this.sql.table;
  }

  get fields(): StoredField[] {
    return this.sql.fields;
  }

  /** Runs `hook` inside every write of this collection (see RecordWrite). */
  onWrite(hook: WriteHook): void {
    this.hooks.push(hook);
  }

  /** These records read and written through `trx` (a hook's writes to other collections join its transaction). */
  within(trx: Db): CollectionRecords {
    return new CollectionRecords(trx, this.file, this.now, this.collections, this.hooks);
  }

  /**
   * A module plugin's addition to every record read (list, get, export): fields it computes from its own tables.
   * They ride along like computed fields; the collection's own fields stay the file's.
   */
  extendReads(extension: ReadExtension): void {
    this.readExtensions.push(extension);
  }

  /** The query-string names of the declared filters (`status`, `name`, `entryDateFrom`, `entryDateTo`, ...). */
  filterNames(): ListFilter[] {
    return this.sql.filterNames();
  }

  /** Names a list may be sorted by: stored fields and the record's times. */
  sortable(name: string): boolean {
    return this.sql.sortable(name);
  }

  /** The stored type of a field, for a route checking what a call may name. */
  fieldType(name: string): StoredField['type'] | undefined {
    return this.sql.field(name)?.type;
  }

  async list(params: ListParams): Promise<RecordPage> {
    const { rows, total } = await readPage(this.sql, this.totals, params);
    return { dataList: await this.present(rows), total, pageNo: params.pageNo, pageSize: params.pageSize };
  }

  /** Every record of the list's filters, for an export (at most `limit`). */
  async all(projectId: string, filters: Record<string, unknown>, limit: number): Promise<RecordValues[]> {
    return this.present(await readAll(this.sql, projectId, filters, limit));
  }

  /** The project a record belongs to, for the caller's scope check before anything else is read. */
  projectOf(id: string): Promise<string> {
    return projectOfRecord(this.sql, id);
  }

  async get(id: string): Promise<RecordValues> {
    return (await this.present([await readOne(this.sql, id)]))[0];
  }

  /** Records by id in the order given (a search's hits), in one read; ids not there are left out. */
  async getMany(ids: readonly string[]): Promise<RecordValues[]> {
    const rows = await this.present(await readMany(this.sql, ids));
    const byId = new Map(rows.map((row) => [String(row.id), row]));
    return ids.flatMap((id): RecordValues[] => {
      const row = byId.get(id);
      return row ? [row] : [];
    });
  }

  /** Which of `values` a project's records already hold in `field` (an import's check of a unique rule). */
  existing(projectId: string, field: string, values: readonly unknown[]): Promise<Set<string>> {
    return existingValues(this.sql, projectId, field, values);
  }

  async create(
    projectId: string,
    input: RecordValues,
    actorId: string,
    id: string = randomUUID(),
  ): Promise<RecordValues> {
    await insertRecord(this.sql, projectId, input, actorId, id, (trx) =>
      this.runHooks(trx, { kind: 'create', id, projectId, actorId }),
    );
    return this.get(id);
  }

  /** New records in one go (an import), with their ids; see insertRecords for how a broken unique rule is told. */
  async createMany(projectId: string, inputs: readonly RecordValues[], actorId: string): Promise<string[]> {
    if (inputs.length === 0) return [];
    const ids = inputs.map(() => randomUUID());
    await insertRecords(
      this.sql,
      projectId,
      ids,
      inputs,
      actorId,
      this.whenHooked((trx, id) => this.runHooks(trx, { kind: 'create', id, projectId, actorId })),
    );
    return ids;
  }

  async update(id: string, input: RecordValues, version?: number, actorId = ''): Promise<RecordValues> {
    const before = this.hooks.length > 0 ? await this.get(id) : undefined;
    const changed = await updateRecord(
      this.sql,
      id,
      input,
      version,
      () => this.projectOf(id),
      this.whenHooked((trx) =>
        this.runHooks(trx, { kind: 'update', id, projectId: String(before?.projectId), actorId, before }),
      ),
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
    await deleteRecord(
      this.sql,
      id,
      this.whenHooked((trx) =>
        this.runHooks(trx, { kind: 'remove', id, projectId: String(before?.projectId), actorId, before }),
      ),
    );
  }

  /**
   * Changes fields of a record as the outcome of something decided elsewhere (an approved extension moves a
   * hazard's deadline), with an entry in its timeline saying so; the status stays. With `states`, the record must
   * still be in one of them: a decision about a record that moved on since is refused, naming its state.
   */
  async amend(id: string, values: RecordValues, actorId: string, entry: RecordAmendment): Promise<RecordValues> {
    const before = await this.get(id);
    const flow = this.file.status;
    const current = flow ? String(before[flow.field] ?? '') : null;
    if (flow && entry.states && !entry.states.includes(current ?? ''))
      throw new DomainError(
        'conflict',
        `${entry.label}无法生效：记录当前状态为“${flow.states[current ?? '']?.label ?? current}”`,
      );
    const kept = Object.entries(entry.keep ?? {})
      .filter(([field]) => before[field] === undefined || before[field] === null || before[field] === '')
      .map(([field, from]) => [field, before[from] ?? null] as const);
    // The stored sources of the computed figures ride along, so a corrected weight computes its net again.
    const sources = arithmeticSources(this.file)
      .filter((name) => this.sql.field(name)?.own && !Object.hasOwn(values, name))
      .map((name) => [name, before[name] ?? null] as const);
    const amended: RecordValues = { ...Object.fromEntries(kept), ...values };
    const written: RecordValues = { ...Object.fromEntries(sources), ...amended };
    const unknown = Object.keys(written).filter((name) => !this.sql.field(name)?.own);
    if (unknown.length > 0) throw new Error(`collection ${this.file.id} has no field ${unknown.join(', ')} to amend`);
    const projectId = String(before.projectId);
    await updateRecord(
      this.sql,
      id,
      written,
      undefined,
      async () => projectId,
      async (trx) => {
        await writeSteps(trx, this.file, this.now(), [
          {
            recordId: id,
            projectId,
            action: AMEND_ACTION,
            from: current,
            to: current,
            actorId,
            remark: entry.remark,
            data: amended,
          },
        ]);
        await this.runHooks(trx, { kind: 'update', id, projectId, actorId, before, amendment: entry });
      },
    );
    return this.get(id);
  }

  transitionOf(action: string): StatusTransition | undefined {
    return stepOf(this.sql, action);
  }

  /** Moves a record one step of its status flow (record-steps.ts), as the actor who saw it at `version`. */
  async transition(
    id: string,
    action: string,
    body: RecordValues,
    actorId: string,
    version: number,
  ): Promise<RecordValues> {
    const record = await this.get(id);
    await takeStep(this.sql, record, action, body, actorId, version, (trx) =>
      this.runHooks(trx, {
        kind: 'transition',
        id,
        projectId: String(record.projectId),
        actorId,
        action,
        before: record,
      }),
    );
    return this.get(id);
  }

  history(id: string): Promise<HistoryEntry[]> {
    return readHistory(this.sql, id);
  }

  /** count/sum/avg grouped by a field, or by day/week/month of a date, optionally split into series. */
  aggregate(params: AggregateParams): Promise<AggregateRow[]> {
    return aggregateRecords(this.sql, params);
  }

  /** count or sum per project over several projects (a company's screen); the caller chose the projects. */
  aggregateByProject(params: ProjectFiguresParams): Promise<AggregateRow[]> {
    return aggregateByProject(this.sql, params);
  }

  /** The month sheet of a project: a pivot of the records, rows by a field and columns by the days of a month. */
  sheet(params: SheetParams): Promise<MonthSheet> {
    return monthSheet(this.sql, params);
  }

  /** Demo records as their seed file gives them, each once (record-seed.ts). */
  seed(projectId: string, records: readonly SeedRecord[]): Promise<number> {
    return seedRecords(this.sql, projectId, records);
  }

  /** Brings the stored computed fields of older records up to date (record-seed.ts); answers how many changed. */
  recomputeStored(batchSize = 500): Promise<number> {
    return recomputeStoredFields(this.sql, batchSize);
  }

  private present(rows: RecordValues[]): Promise<RecordValues[]> {
    return presentRecords(this.sql, rows, this.readExtensions);
  }

  /** `afterWrite` when the collection has hooks; none spares an import a call per record. */
  private whenHooked(afterWrite: AfterWrite): AfterWrite | undefined {
    return this.hooks.length > 0 ? afterWrite : undefined;
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
}
