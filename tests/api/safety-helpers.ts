/** Shared pieces of the safety module's API tests: a project of another company, and a user without the module. */
import type { Db } from '../../src/server/db/database.js';
import { hashPassword } from '../../src/server/services/passwords.js';
import { caller, type Caller } from './admin-helpers.js';
import { loginTokens, type TestApp } from './test-app.js';

export const PROJECT = 'project-binjiang';
export const OTHER_COMPANY_PROJECT = 'project-outsider';

/** A company the demo manager and staff do not belong to, with a project of its own. */
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

/** A user of the demo company with only the personal role (gateway and workbench): none of the safety module. */
export async function personalCaller(t: Pick<TestApp, 'app' | 'db'>): Promise<Caller> {
  await t.db
    .insertInto('sys_user')
    .values({
      id: 'user-safety-outsider',
      login_name: 'visitor',
      name: '访客',
      password_hash: await hashPassword('Visitor@2026'),
      mobile: '13800009999',
      office_id: 'office-company',
      company_id: 'office-company',
      password_changed_at: new Date(),
    })
    .execute();
  await t.db
    .insertInto('sys_user_role')
    .values({ user_id: 'user-safety-outsider', role_id: 'role-personal' })
    .execute();
  const tokens = await loginTokens(t.app, 'visitor', 'Visitor@2026');
  return caller(t.app, tokens.access_token);
}
