/** A company the demo manager and staff do not belong to, with a project of its own: the project-scope tests' stranger. */
import type { Db } from '../../src/server/db/database.js';

export const OTHER_COMPANY_PROJECT = 'project-outsider';

export async function addOutsiderProject(db: Db): Promise<void> {
  await db
    .insertInto('sys_office')
    .values([
      { id: 'office-outsider', parent_id: '0', parent_ids: '0,', name: '外单位建设集团', type: '1', code: 'OUT' },
      {
        id: 'office-pd-outsider',
        parent_id: 'office-outsider',
        parent_ids: '0,office-outsider,',
        name: '外单位项目部',
        type: '3',
        code: 'OUT-PD',
      },
    ])
    .execute();
  await db
    .insertInto('project')
    .values({
      id: OTHER_COMPANY_PROJECT,
      office_id: 'office-pd-outsider',
      name: '外单位项目',
      engineering_type: '1',
      status: '1',
    })
    .execute();
}
