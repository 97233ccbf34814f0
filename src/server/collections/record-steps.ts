/**
 * A record's status flow (the collection file's `status`): one step moves it from a state the step starts from to
 * the step's target, by the actor the step names, with the fields it requires, written to the record's timeline in
 * the same transaction. The record's `version` must still be the one the actor saw, so of two people acting at once
 * exactly one succeeds and the other is told.
 */
import { sql } from 'kysely';
import type { StatusTransition } from '../../shared/collections.js';
import { DomainError, invalidField } from '../domain-error.js';
import { writeSteps } from './record-history.js';
import type { RecordTable } from './record-table.js';
import { RecordMessages, type RecordValues } from './record-types.js';
import { touchesReferences } from './reference-check.js';
import { checkFileValues } from './file-values.js';
import type { AfterWrite } from './record-writes.js';

/** The step of the collection's flow called `action`, if there is one. */
export function stepOf(table: RecordTable, action: string): StatusTransition | undefined {
  return table.file.status?.transitions.find((t) => t.id === action);
}

function isMissing(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** Takes step `action` on `record` (as read now) with the values of `body` the step requires or sets. */
export async function takeStep(
  table: RecordTable,
  record: RecordValues,
  action: string,
  body: RecordValues,
  actorId: string,
  version: number,
  afterWrite: AfterWrite,
): Promise<void> {
  const { file } = table;
  const flow = file.status;
  const step = stepOf(table, action);
  if (!flow || !step) throw invalidField('action', `不认识的操作：${action}`);
  const current = String(record[flow.field] ?? '');
  const stateLabel = (state: string) => flow.states[state]?.label ?? state;
  if (Number(record.version) !== version) throw new DomainError('conflict', RecordMessages.stale);
  if (!step.from.includes(current))
    throw new DomainError('conflict', `当前状态为“${stateLabel(current)}”，不能执行“${step.label}”`);
  if (step.actorField && record[step.actorField] !== actorId) {
    const title = file.schema.properties[step.actorField]?.title ?? step.actorField;
    throw new DomainError('forbidden', `只有${title}可以执行“${step.label}”`);
  }
  for (const name of step.requires ?? []) {
    if (!isMissing(body[name])) continue;
    const property = file.schema.properties[name];
    const declared = typeof property?.errorMessage === 'object' ? property.errorMessage.required : undefined;
    throw invalidField(name, declared ?? `请填写${property?.title ?? name}`);
  }
  const allowed = new Set([...(step.requires ?? []), ...(step.sets ?? [])]);
  const changes: RecordValues = {};
  for (const name of allowed) if (Object.hasOwn(body, name)) changes[name] = body[name];
  const id = String(record.id);
  const projectId = String(record.projectId);
  checkFileValues(file, changes);
  if (touchesReferences(file, [changes])) await table.checkReferences(projectId, [changes]);
  const sets = table.assignments(changes);
  await table.transact(async (trx) => {
    const result = await sql`update ${sql.table(table.table)} set ${sql.join([
      sql`${sql.id(table.field(flow.field)?.column ?? flow.field)} = ${step.to}`,
      ...sets,
      sql`updated_at = now()`,
      sql`version = version + 1`,
    ])} where id = ${id} and version = ${version}`.execute(trx);
    if (Number(result.numAffectedRows ?? 0) === 0) throw new DomainError('conflict', RecordMessages.stale);
    const remark = typeof body.remark === 'string' ? body.remark : null;
    await writeSteps(trx, file, table.now(), [
      { recordId: id, projectId, action: step.id, from: current, to: step.to, actorId, remark, data: changes },
    ]);
    await afterWrite(trx, id);
  });
}
