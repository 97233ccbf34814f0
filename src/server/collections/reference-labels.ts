/**
 * The words a user reads beside the ids a record stores: `<field>Label` for every reference (a user's name, an
 * office's or project's name, a dictionary entry's label, another collection's label field) and for the status
 * (its state's label). One query per referenced kind for a whole page of records.
 */
import { sql } from 'kysely';
import { optionLabels, type CollectionFile } from '../../shared/collections.js';
import type { Db } from '../db/database.js';
import { fieldColumn } from './columns.js';

type Values = Record<string, unknown>;

/** Anything with a table and a file: another collection's records (avoids an import cycle with records.ts). */
interface LabelledCollection {
  readonly table: string;
  readonly file: CollectionFile;
}

function idsOf(rows: readonly Values[], field: string): string[] {
  const ids = new Set<string>();
  for (const row of rows) {
    const value = row[field];
    if (typeof value === 'string' && value !== '') ids.add(value);
    else if (Array.isArray(value)) for (const item of value) if (typeof item === 'string') ids.add(item);
  }
  return [...ids];
}

async function lookUp(
  db: Db,
  reference: NonNullable<CollectionFile['references']>[string],
  ids: string[],
  collections: ReadonlyMap<string, LabelledCollection>,
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  if ('to' in reference) {
    const table = reference.to === 'user' ? 'sys_user' : reference.to === 'office' ? 'sys_office' : 'project';
    const rows = await db.selectFrom(table).select(['id', 'name']).where('id', 'in', ids).execute();
    return new Map(rows.map((row) => [row.id, row.name]));
  }
  if ('dictionary' in reference) {
    const rows = await db
      .selectFrom('sys_dict')
      .select(['value', 'label'])
      .where('type', '=', reference.dictionary)
      .where('value', 'in', ids)
      .execute();
    return new Map(rows.map((row) => [row.value, row.label]));
  }
  const target = collections.get(reference.collection);
  if (!target) return new Map();
  const rows = await sql<{ id: string; label: string | null }>`select id, ${sql.id(
    fieldColumn(reference.labelField),
  )}::text as label from ${sql.table(target.table)} where id in (${sql.join(ids)})`.execute(db);
  return new Map(rows.rows.map((row) => [row.id, row.label ?? '']));
}

/** Adds `<field>Label` to every row (in place), for the references named in `only` or all of them. */
export async function labelReferences(
  db: Db,
  file: CollectionFile,
  rows: Values[],
  collections: ReadonlyMap<string, LabelledCollection>,
  only?: readonly string[],
): Promise<void> {
  if (rows.length === 0) return;
  const flow = file.status;
  for (const [field, property] of Object.entries(file.schema.properties)) {
    if (only && !only.includes(field)) continue;
    const labels = optionLabels(property);
    if (labels) for (const row of rows) row[`${field}Label`] = labels.get(String(row[field] ?? '')) ?? '';
  }
  if (flow && (!only || only.includes(flow.field)))
    for (const row of rows) row[`${flow.field}Label`] = flow.states[String(row[flow.field])]?.label ?? '';
  const references = Object.entries(file.references ?? {}).filter(([field]) => !only || only.includes(field));
  await Promise.all(
    references.map(async ([field, reference]) => {
      const labels = await lookUp(db, reference, idsOf(rows, field), collections);
      for (const row of rows) {
        const value = row[field];
        row[`${field}Label`] = Array.isArray(value)
          ? value.map((id) => labels.get(String(id)) ?? '').join('、')
          : typeof value === 'string'
            ? (labels.get(value) ?? '')
            : '';
      }
    }),
  );
}
