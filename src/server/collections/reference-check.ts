/**
 * What a record may point at: a reference is valid only within the record's project. A reference to another
 * collection names a record of the same project; a reference to a person, office or project names one of the company
 * the project belongs to. Anything else, another company's worker or user included, is refused exactly like an id
 * that does not exist (-400 所选<title>不存在), so ids of other companies can neither be used nor probed.
 * The same pass fills the `lookup` computed fields from the records it found.
 */
import { sql } from 'kysely';
import type { CollectionFile, CollectionReference } from '../../shared/collections.js';
import type { Db } from '../db/database.js';
import { invalidField } from '../domain-error.js';
import { officeWithin } from '../accounts/data-scope.js';
import { projectCompanyId } from '../portal/project-company.js';
import { fieldColumn } from './columns.js';

type Values = Record<string, unknown>;

/** A `lookup` computed field: `name` takes `field` of the record that the reference `from` names. */
interface Lookup {
  name: string;
  from: string;
  field: string;
}

/** Another collection's table (avoids an import cycle with records.ts). */
interface ReferencedCollection {
  readonly table: string;
}

function idsIn(rows: readonly Values[], field: string): string[] {
  const ids = new Set<string>();
  for (const row of rows) {
    if (!Object.hasOwn(row, field)) continue;
    const value = row[field];
    if (typeof value === 'string' && value !== '') ids.add(value);
    else if (Array.isArray(value)) for (const item of value) if (typeof item === 'string' && item !== '') ids.add(item);
  }
  return [...ids];
}

/** Whether any row sets a reference field (an update that leaves them alone needs no check). */
export function touchesReferences(file: CollectionFile, rows: readonly Values[]): boolean {
  return Object.keys(file.references ?? {}).some((field) => rows.some((row) => Object.hasOwn(row, field)));
}

/** Of `ids`, those a person, office or project reference of a `projectId` record may name. */
async function companyMembers(
  db: Db,
  kind: 'user' | 'office' | 'project',
  projectId: string,
  ids: string[],
): Promise<Set<string>> {
  const companyId = await projectCompanyId(db, projectId);
  if (companyId === null) return new Set();
  // The project's company as a data scope: its offices are those the one scope rule says it sees.
  const company = { all: false, companyId } as const;
  const rows =
    kind === 'user'
      ? await db
          .selectFrom('sys_user')
          .select('id')
          .where('id', 'in', ids)
          .where('del_flag', '=', '0')
          .where('company_id', '=', companyId)
          .execute()
      : kind === 'office'
        ? await db
            .selectFrom('sys_office')
            .select('id')
            .where('id', 'in', ids)
            .where('del_flag', '=', '0')
            .where(officeWithin(company, { id: 'id', parentIds: 'parent_ids' }))
            .execute()
        : await db
            .selectFrom('project as p')
            .innerJoin('sys_office as o', 'o.id', 'p.office_id')
            .select('p.id')
            .where('p.id', 'in', ids)
            .where('p.del_flag', '=', '0')
            .where(officeWithin(company, { id: 'o.id', parentIds: 'o.parent_ids' }))
            .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Of `ids`, those a reference of a `projectId` record may name: id -> the looked-up values of the record found.
 * Undefined for a collection this portal does not have (its module is absent).
 */
async function referenced(
  db: Db,
  collections: ReadonlyMap<string, ReferencedCollection>,
  reference: Exclude<CollectionReference, { dictionary: string }>,
  lookups: readonly Lookup[],
  projectId: string,
  ids: string[],
): Promise<Map<string, Values> | undefined> {
  if ('to' in reference)
    return new Map([...(await companyMembers(db, reference.to, projectId, ids))].map((id) => [id, {}]));
  const target = collections.get(reference.collection);
  if (!target) return undefined;
  const result = await sql<Values & { id: string }>`select id ${sql.join(
    lookups.map((lookup) => sql`, ${sql.id(fieldColumn(lookup.field))}::text as ${sql.id(lookup.name)}`),
    sql``,
  )} from ${sql.table(target.table)} where project_id = ${projectId} and id in (${sql.join(ids)})`.execute(db);
  return new Map(result.rows.map((row) => [row.id, row]));
}

/**
 * Checks every reference the rows set for records of `projectId`, and fills their `lookup` fields (in place) from
 * the records referenced. A row that does not set a reference keeps what is stored.
 */
export async function checkReferences(
  db: Db,
  file: CollectionFile,
  collections: ReadonlyMap<string, ReferencedCollection>,
  projectId: string,
  rows: Values[],
): Promise<void> {
  const lookups = Object.entries(file.computed ?? {}).flatMap(([name, computed]): Lookup[] =>
    computed.op === 'lookup' ? [{ name, from: computed.from, field: computed.field }] : [],
  );
  for (const [field, reference] of Object.entries(file.references ?? {})) {
    if ('dictionary' in reference) continue;
    const ids = idsIn(rows, field);
    const own = lookups.filter((lookup) => lookup.from === field);
    const found =
      ids.length === 0 ? new Map<string, Values>() : await referenced(db, collections, reference, own, projectId, ids);
    if (!found) continue;
    const missing = ids.find((id) => !found.has(id));
    if (missing !== undefined) {
      const title = file.schema.properties[field]?.title ?? field;
      throw invalidField(field, reference.message ?? `所选${title}不存在`);
    }
    for (const row of rows) {
      if (!Object.hasOwn(row, field)) continue;
      const value = row[field];
      for (const lookup of own)
        row[lookup.name] = typeof value === 'string' ? (found.get(value)?.[lookup.name] ?? null) : null;
    }
  }
}
