/** Shared pieces of the safety module's API tests: a user without the module. */
import { hashPassword } from '../../src/server/accounts/passwords.js';
import { caller, type Caller } from './admin-helpers.js';
import { loginTokens, type TestApp } from './test-app.js';

export const PROJECT = 'project-binjiang';
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
