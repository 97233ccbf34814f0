/**
 * The job that imports an uploaded workbook into a collection (`collection-import`), row by row and without
 * holding the file's rows in memory: the workbook is streamed (exceljs' streaming reader; once to count the rows
 * for the progress bar, once to import them), rows are judged in batches of 500 with the collection's own schema
 * and messages (the same rules and words as a create), labels are turned into values (import-values.ts),
 * duplicates of a unique rule are caught within the file and against the project's records, and each batch's
 * good rows are written with one insert. Bad rows are kept with their row number, the column's title and the
 * message, and their cells, so the user can download them with a reason column, fix them and import them again.
 */
import { Readable } from 'node:stream';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type ExcelJS from 'exceljs';
import { formAjvOptions } from '../../shared/ajv-options.js';
import { dropBlankStrings } from '../../shared/schema-messages.js';
import type { Db } from '../db/database.js';
import { loadExcel } from '../lib/excel.js';
import { toFieldErrors } from '../lib/form-validation.js';
import { JobFailure, type JobContext } from '../jobs/types.js';
import { headerTitle, importColumns, type ImportColumn } from './import-columns.js';
import { cellText, ImportValues } from './import-values.js';
import type { CollectionRecords, RecordValues } from './records.js';
import { DomainError } from '../domain-error.js';

export const IMPORT_JOB = 'collection-import';

export interface ImportPayload {
  collection: string;
  projectId: string;
  actorId: string;
}

declare module '../jobs/types.js' {
  interface JobPayloads {
    'collection-import': ImportPayload;
  }
}

export type ImportRowError = {
  /** The Excel row number (the header is row 1). */
  row: number;
  field: string;
  /** The column's header, as users read it. */
  title: string;
  message: string;
};

export type ImportProgress = {
  total: number;
  done: number;
  created: number;
  failed: number;
  /** The first errors (all of them once done, up to MAX_KEPT_ERRORS). */
  errors: ImportRowError[];
};

export type FailedRow = {
  row: number;
  cells: string[];
  reason: string;
};

export type ImportResult = ImportProgress & {
  headers: string[];
  failedRows: FailedRow[];
};

export const MAX_IMPORT_ROWS = 50_000;
const BATCH = 500;
const MAX_KEPT_ERRORS = 10_000;
const ERRORS_IN_PROGRESS = 100;

export const ImportMessages = {
  unreadable: '无法读取该 Excel 文件，请使用下载的导入模板填写后再上传',
  noFile: '导入文件已不存在，请重新上传',
  tooMany: `一次最多导入 ${MAX_IMPORT_ROWS} 行，请分批导入`,
  missingColumns: (titles: string[]) => `缺少必填列：${titles.join('、')}，请使用下载的导入模板`,
  duplicateInFile: (title: string, row: number) => `${title}与第 ${row} 行重复`,
  brokenOff: (created: number) => `导入中途出错，已导入 ${created} 行，其余未导入；请稍后重试剩余的行或联系管理员`,
} as const;

const validators = new Map<string, ValidateFunction>();
let ajv: Ajv | undefined;

/** The collection's schema compiled as the create route applies it (same options, same messages). */
function validatorOf(records: CollectionRecords): ValidateFunction {
  let validate = validators.get(records.file.id);
  if (!validate) {
    if (!ajv) {
      ajv = new Ajv({ ...formAjvOptions });
      addFormats(ajv);
    }
    validate = ajv.compile(records.file.schema);
    validators.set(records.file.id, validate);
  }
  return validate;
}

type Cells = ExcelJS.CellValue[];

/** The first worksheet's rows, streamed: row number and the values by column (1-based, as exceljs gives them). */
async function* sheetRows(bytes: Uint8Array): AsyncGenerator<{ number: number; values: Cells }> {
  const Excel = await loadExcel();
  const reader = new Excel.stream.xlsx.WorkbookReader(Readable.from(Buffer.from(bytes)), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    for await (const row of sheet) yield { number: row.number, values: row.values as Cells };
    return;
  }
}

function blank(values: Cells): boolean {
  return values.every((value) => cellText(value ?? null) === '');
}

interface Pending {
  row: number;
  cells: string[];
  values: RecordValues;
}

export class CollectionImport {
  private readonly progress: ImportProgress = { total: 0, done: 0, created: 0, failed: 0, errors: [] };
  private readonly failedRows: FailedRow[] = [];
  /** Per unique rule: the values seen so far in the file, and the row that had each. */
  private readonly seen: Map<string, number>[];
  private readonly values: ImportValues;
  private columns: { column: ImportColumn; index: number }[] = [];

  constructor(
    db: Db,
    private readonly records: CollectionRecords,
    private readonly job: JobContext<ImportPayload>,
    collections: ReadonlyMap<string, CollectionRecords>,
  ) {
    this.seen = (records.file.unique ?? []).map(() => new Map());
    this.values = new ImportValues(db, job.payload.projectId, collections);
  }

  async run(): Promise<ImportResult> {
    const file = await this.job.file();
    if (!file) throw new JobFailure(ImportMessages.noFile);
    try {
      this.progress.total = await this.countRows(file.bytes);
      if (this.progress.total > MAX_IMPORT_ROWS) throw new JobFailure(ImportMessages.tooMany);
      await this.job.progress({ ...this.progress });
      await this.importRows(file.bytes);
    } catch (error) {
      if (error instanceof JobFailure || this.job.signal.aborted) throw error;
      // exceljs and the unzipper say in English what is wrong with the bytes; the user needs to know it is the file.
      if (this.progress.done === 0 && !(error instanceof DomainError))
        throw new JobFailure(ImportMessages.unreadable, { cause: error });
      // Anything else (the database went away) is the server's: the log gets the cause, the user what was kept.
      throw new JobFailure(ImportMessages.brokenOff(this.progress.created), { cause: error });
    }
    return {
      ...this.progress,
      headers: [...this.columns.map(({ column }) => column.title), '错误原因'],
      failedRows: this.failedRows,
    };
  }

  private async countRows(bytes: Uint8Array): Promise<number> {
    let count = 0;
    for await (const row of sheetRows(bytes)) if (row.number > 1 && !blank(row.values)) count += 1;
    return count;
  }

  private readHeader(values: Cells): void {
    const all = importColumns(this.records.file);
    const byTitle = new Map(all.map((column) => [column.title, column]));
    this.columns = [];
    values.forEach((value, index) => {
      const column = byTitle.get(headerTitle(cellText(value ?? null)));
      if (column && !this.columns.some((known) => known.column === column)) this.columns.push({ column, index });
    });
    const missing = all.filter((column) => column.required && !this.columns.some((c) => c.column === column));
    if (missing.length > 0) throw new JobFailure(ImportMessages.missingColumns(missing.map((c) => c.title)));
  }

  private async importRows(bytes: Uint8Array): Promise<void> {
    let batch: { row: number; cells: Cells }[] = [];
    let header = false;
    for await (const row of sheetRows(bytes)) {
      if (!header) {
        this.readHeader(row.values);
        header = true;
        continue;
      }
      if (blank(row.values)) continue;
      batch.push({ row: row.number, cells: this.columns.map(({ index }) => row.values[index] ?? null) });
      if (batch.length >= BATCH) {
        await this.importBatch(batch);
        batch = [];
      }
    }
    if (!header)
      throw new JobFailure(ImportMessages.missingColumns(importColumns(this.records.file).map((c) => c.title)));
    if (batch.length > 0) await this.importBatch(batch);
  }

  private async importBatch(batch: { row: number; cells: Cells }[]): Promise<void> {
    if (this.job.signal.aborted)
      throw new Error('the import was stopped with the app; it runs again at the next start');
    const validate = validatorOf(this.records);
    const schema = this.records.file.schema;
    const good: Pending[] = [];
    for (const { row, cells } of batch) {
      const texts = cells.map((cell) => cellText(cell));
      const { values, problems } = await this.values.read(
        this.columns.map(({ column }) => column),
        cells,
      );
      const body = dropBlankStrings(values);
      const errors = validate(body) ? [] : toFieldErrors(schema, validate.errors ?? []);
      // A label that could not be resolved says so, rather than the schema's "required" for the field left empty.
      const problemFields = new Set(problems.map((problem) => problem.field));
      const all = [...problems, ...errors.filter((error) => !problemFields.has(error.field))];
      if (all.length > 0) this.fail(row, texts, all);
      else good.push({ row, cells: texts, values: body });
    }
    const unique = await this.withoutDuplicates(good);
    await this.write(unique);
    this.progress.done += batch.length;
    await this.job.progress({ ...this.progress, errors: this.progress.errors.slice(0, ERRORS_IN_PROGRESS) });
  }

  /** Rows that repeat a unique value (within the file, or of a record the project has) are errors. */
  private async withoutDuplicates(rows: Pending[]): Promise<Pending[]> {
    const rules = this.records.file.unique ?? [];
    let kept = rows;
    for (const [ruleIndex, rule] of rules.entries()) {
      const seen = this.seen[ruleIndex];
      const keyOf = (values: RecordValues) => JSON.stringify(rule.fields.map((field) => values[field] ?? null));
      const next: Pending[] = [];
      for (const pending of kept) {
        const key = keyOf(pending.values);
        const first = seen.get(key);
        if (first !== undefined) {
          const title = this.records.file.schema.properties[rule.fields[0]]?.title ?? rule.fields[0];
          this.fail(pending.row, pending.cells, [
            { field: rule.fields[0], message: ImportMessages.duplicateInFile(title, first) },
          ]);
          continue;
        }
        seen.set(key, pending.row);
        next.push(pending);
      }
      kept = next;
      if (rule.fields.length !== 1) continue; // several fields together: the insert's own check catches them
      const field = rule.fields[0];
      const present = await this.records.existing(
        this.job.payload.projectId,
        field,
        kept.map((pending) => pending.values[field]).filter((value) => value !== undefined),
      );
      kept = kept.filter((pending) => {
        const value = pending.values[field];
        if (value === undefined || !present.has(String(value))) return true;
        this.fail(pending.row, pending.cells, [{ field, message: rule.message }]);
        return false;
      });
    }
    return kept;
  }

  private async write(rows: Pending[]): Promise<void> {
    const { projectId, actorId } = this.job.payload;
    try {
      await this.records.createMany(
        projectId,
        rows.map((pending) => pending.values),
        actorId,
      );
      this.progress.created += rows.length;
      return;
    } catch (error) {
      if (!(error instanceof DomainError) || error.problem !== 'conflict') throw error;
    }
    // Someone added a record with the same value meanwhile: find the row one at a time.
    for (const pending of rows) {
      try {
        await this.records.createMany(projectId, [pending.values], actorId);
        this.progress.created += 1;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        this.fail(pending.row, pending.cells, [{ field: error.fields[0]?.field ?? '', message: error.message }]);
      }
    }
  }

  private fail(row: number, cells: string[], errors: { field: string; message: string }[]): void {
    this.progress.failed += 1;
    const properties = this.records.file.schema.properties;
    for (const error of errors)
      if (this.progress.errors.length < MAX_KEPT_ERRORS)
        this.progress.errors.push({
          row,
          field: error.field,
          title: properties[error.field]?.title ?? '',
          message: error.message,
        });
    if (this.failedRows.length < MAX_KEPT_ERRORS)
      this.failedRows.push({ row, cells, reason: errors.map((error) => error.message).join('；') });
  }
}
