/**
 * Writing a collection's records: create (one, or many in one go for an import), update with optimistic
 * concurrency, delete. Bodies arrive validated against the collection's schema; a write adds what a schema cannot
 * say (references that exist, unique within a project, the status moving only through its steps) and runs in one
 * transaction with the module hooks `afterWrite` calls, so what they write commits or rolls back with the record.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { uniqueViolation } from '../db/errors.js';
import { DomainError } from '../domain-error.js';
import { forgetSteps, writeSteps } from './record-history.js';
import type { RecordTable } from './record-table.js';
import { RecordMessages, type RecordValues } from './record-types.js';
import { touchesReferences } from './reference-check.js';
import { uniqueIndexName } from './table-sync.js';

/** What runs inside a write's transaction after the row changed: the collection's hooks, for the record `id`. */
export type AfterWrite = (trx: Db, id: string) => Promise<void>;

function invalidConflict(field: string, message: string): DomainError {
  return new DomainError('conflict', message, { fields: field ? [{ field, message }] : [] });
}

/** Runs `write`, saying a broken unique rule as the rule's own message on its first field. */
async function guardUnique<T>(table: RecordTable, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === undefined) throw error;
    const rule = (table.file.unique ?? []).find((u) => uniqueIndexName(table.file, u.fields) === constraint);
    throw invalidConflict(rule?.fields[0] ?? '', rule?.message ?? '记录重复');
  }
}

export async function insertRecord(
  table: RecordTable,
  projectId: string,
  input: RecordValues,
  actorId: string,
  id: string,
  afterWrite: AfterWrite,
): Promise<void> {
  const values = table.storedValues(input, true);
  await table.checkReferences(projectId, [values]);
  const status = table.file.status;
  if (status) values[status.field] = status.initial;
  const fields = table.fields.filter((field) => Object.hasOwn(values, field.name));
  await guardUnique(table, () =>
    table.transact(async (trx) => {
      await sql`insert into ${sql.table(table.table)}
        (id, project_id, created_by ${sql.join(
          fields.map((field) => sql`, ${sql.id(field.column)}`),
          sql``,
        )})
        values (${id}, ${projectId}, ${actorId} ${sql.join(
          fields.map((field) => sql`, ${table.sqlValue(field, values[field.name])}`),
          sql``,
        )})`.execute(trx);
      if (status)
        await writeSteps(trx, table.file, table.now(), [
          {
            recordId: id,
            projectId,
            action: 'create',
            from: null,
            to: status.initial,
            actorId,
            remark: null,
            data: {},
          },
        ]);
      await afterWrite(trx, id);
    }),
  );
}

/**
 * New records in one go (an import): one insert for all of them and one for their timelines' first steps, in one
 * transaction. A unique rule that any of them breaks fails them all with the rule's conflict: the caller then
 * creates that batch one by one to tell which row it was. `afterWrite` (when the collection has hooks) runs for
 * each, so a module sees an imported record as one created by hand.
 */
export async function insertRecords(
  table: RecordTable,
  projectId: string,
  ids: readonly string[],
  inputs: readonly RecordValues[],
  actorId: string,
  afterWrite: AfterWrite | undefined,
): Promise<void> {
  const flow = table.file.status;
  const stored = inputs.map((input) => table.storedValues(input, true));
  await table.checkReferences(projectId, stored);
  const rows = stored.map((values, index) => {
    if (flow) values[flow.field] = flow.initial;
    return sql`(${sql.join([
      sql`${ids[index]}`,
      sql`${projectId}`,
      sql`${actorId}`,
      ...table.fields.map((field) => table.sqlValue(field, values[field.name])),
    ])})`;
  });
  const columns = table.fields.map((field) => sql.id(field.column));
  await guardUnique(table, () =>
    table.transact(async (trx) => {
      // Chunks keep each statement well under PostgreSQL's 65,535 parameters.
      for (let start = 0; start < rows.length; start += 200)
        await sql`insert into ${sql.table(table.table)} (id, project_id, created_by, ${sql.join(columns)})
          values ${sql.join(rows.slice(start, start + 200))}`.execute(trx);
      if (afterWrite) for (const id of ids) await afterWrite(trx, id);
      if (!flow) return;
      await writeSteps(
        trx,
        table.file,
        table.now(),
        ids.map((id) => ({
          recordId: id,
          projectId,
          action: 'create',
          from: null,
          to: flow.initial,
          actorId,
          remark: null,
          data: {},
        })),
      );
    }),
  );
}

/**
 * Stores the fields `input` holds (never the status: it moves only through its steps); with `version`, only when
 * the record is still at it. Answers whether a row changed (false: the record is gone or someone was first).
 */
export async function updateRecord(
  table: RecordTable,
  id: string,
  input: RecordValues,
  version: number | undefined,
  projectOf: () => Promise<string>,
  afterWrite: AfterWrite | undefined,
): Promise<boolean> {
  const values = table.storedValues(input, false);
  if (touchesReferences(table.file, [values])) await table.checkReferences(await projectOf(), [values]);
  if (table.file.status) delete values[table.file.status.field];
  const sets = table.assignments(values);
  return guardUnique(table, () =>
    table.transact(async (trx) => {
      const result = await sql`update ${sql.table(table.table)} set ${sql.join([
        ...sets,
        sql`updated_at = now()`,
        sql`version = version + 1`,
      ])} where id = ${id} ${version === undefined ? sql`` : sql`and version = ${version}`}`.execute(trx);
      if (Number(result.numAffectedRows ?? 0) === 0) return false;
      if (afterWrite) await afterWrite(trx, id);
      return true;
    }),
  );
}

/** Deletes a record and its timeline, or notFound. */
export async function deleteRecord(table: RecordTable, id: string, afterWrite: AfterWrite | undefined): Promise<void> {
  await table.transact(async (trx) => {
    const result = await sql`delete from ${sql.table(table.table)} where id = ${id}`.execute(trx);
    if (Number(result.numAffectedRows ?? 0) === 0) throw new DomainError('notFound', RecordMessages.notFound);
    await forgetSteps(trx, table.file, id);
    if (afterWrite) await afterWrite(trx, id);
  });
}
