/**
 * The company an office or a project belongs to: the nearest office of type 1 (公司) among the office and its
 * ancestors; without one, the top of its tree. The people of that company are a project's people (the pickers of
 * module forms, and what a record's person reference may name).
 */
import type { Db } from '../db/database.js';
import { ROOT_PARENT } from '../admin/tree.js';

export async function companyOfOffice(
  db: Db,
  office: { id: string; type: string; parent_ids: string },
): Promise<string> {
  if (office.type === '1') return office.id;
  const ancestors = office.parent_ids.split(',').filter((id) => id && id !== ROOT_PARENT);
  if (ancestors.length === 0) return office.id;
  const rows = await db.selectFrom('sys_office').select(['id', 'type']).where('id', 'in', ancestors).execute();
  const companies = new Set(rows.filter((r) => r.type === '1').map((r) => r.id));
  // Nearest first: parent_ids lists the root first.
  return ancestors.reverse().find((id) => companies.has(id)) ?? ancestors[ancestors.length - 1] ?? office.id;
}

/** The company of a live project's office; null for a project or office that does not exist. */
export async function projectCompanyId(db: Db, projectId: string): Promise<string | null> {
  const office = await db
    .selectFrom('project as p')
    .innerJoin('sys_office as o', 'o.id', 'p.office_id')
    .select(['o.id', 'o.type', 'o.parent_ids'])
    .where('p.id', '=', projectId)
    .where('p.del_flag', '=', '0')
    .executeTakeFirst();
  return office ? companyOfOffice(db, office) : null;
}
