/**
 * References stay within the record's project: for every reference field of every collection (to a person, an
 * office, a project, or another collection's record), a value of another company answers exactly like an id that
 * does not exist, for the administrator too, and nothing about it (a name, a message) reaches anybody. The fields
 * come from the collection files, so a new collection or reference is covered without being named here.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CollectionReference } from '../../src/shared/collections.js';
import { hashPassword } from '../../src/server/accounts/passwords.js';
import { addOutsiderProject, OTHER_COMPANY_PROJECT } from './outsider-project.js';
import { DEMO, json, loginTokens, useTestApp } from './test-app.js';

const t = useTestApp();

const PROJECT = 'project-binjiang';
const OUTSIDER = { id: 'user-outsider', username: 'outsider', password: 'Outsider@2026' };

const foreignCopies = new Map<string, Promise<string>>();

/** A copy of a record of `table`, moved into the other company's project: a real record that is not ours. */
function foreignCopy(table: string): Promise<string> {
  const made = foreignCopies.get(table) ?? copyAcross(table);
  foreignCopies.set(table, made);
  return made;
}

async function copyAcross(table: string): Promise<string> {
  const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table}`.execute(t.db);
  const names = columns.rows.map((row) => row.column_name);
  const id = `foreign-${table}`;
  const values = names.map((name) =>
    name === 'id' ? sql`${id}` : name === 'project_id' ? sql`${OTHER_COMPANY_PROJECT}` : sql.id(name),
  );
  await sql`insert into ${sql.table(table)} (${sql.join(names.map((name) => sql.id(name)))})
    select ${sql.join(values)} from ${sql.table(table)} where project_id = ${PROJECT} limit 1`.execute(t.db);
  return id;
}

function foreignTarget(reference: Exclude<CollectionReference, { dictionary: string }>): Promise<string> | string {
  if ('collection' in reference) {
    const target = t.app.collections.get(reference.collection);
    if (!target) throw new Error(`no collection ${reference.collection}`);
    return foreignCopy(target.table);
  }
  return { user: OUTSIDER.id, office: 'office-pd-outsider', project: OTHER_COMPANY_PROJECT }[reference.to];
}

beforeAll(async () => {
  await addOutsiderProject(t.db);
  await t.db
    .insertInto('sys_user')
    .values({
      id: OUTSIDER.id,
      login_name: OUTSIDER.username,
      name: '外单位经理',
      password_hash: await hashPassword(OUTSIDER.password),
      company_id: 'office-outsider',
      office_id: 'office-pd-outsider',
    })
    .execute();
  await t.db.insertInto('sys_user_role').values({ user_id: OUTSIDER.id, role_id: 'role-company-manager' }).execute();
});

describe('references across companies', () => {
  it('refuses another company’s person or record in every reference field, exactly like a missing id', async () => {
    const admin = (await loginTokens(t.app, DEMO.admin.username, DEMO.admin.password)).access_token;
    const manager = (await loginTokens(t.app, DEMO.manager.username, DEMO.manager.password)).access_token;
    const checked: string[] = [];
    for (const records of t.app.collections.values()) {
      for (const [field, reference] of Object.entries(records.file.references ?? {})) {
        if ('dictionary' in reference) continue;
        const foreign = await foreignTarget(reference);
        const asValue = (id: string) => (records.file.schema.properties[field]?.type === 'array' ? [id] : id);
        // The rule itself, for a new record of every collection: the check comes before anything is stored.
        const refusal = (id: string) =>
          records.create(PROJECT, { [field]: asValue(id) }, 'user-admin').then(
            () => 'stored',
            (error: Error) => error.message,
          );
        const missingOnCreate = await refusal('no-such-id');
        const title = records.file.schema.properties[field]?.title ?? field;
        expect(missingOnCreate, `${records.file.id}.${field} with a missing id`).toBe(
          reference.message ?? `所选${title}不存在`,
        );
        expect(await refusal(foreign), `${records.file.id}.${field} with another company's id`).toBe(missingOnCreate);

        // Through the API, on a demo record of the collection where it has one.
        const own = await sql<{ id: string }>`select id from ${sql.table(records.table)}
          where project_id = ${PROJECT} order by id limit 1`.execute(t.db);
        const recordId = own.rows[0]?.id;
        if (recordId === undefined) continue;
        const put = (token: string, id: string) =>
          t.app.inject({
            method: 'PUT',
            url: `/api/data/${records.file.id}/${recordId}`,
            headers: { 'access-token': token },
            payload: { [field]: asValue(id) },
          });
        for (const token of [admin, manager]) {
          const missing = json(await put(token, 'no-such-id'));
          const across = await put(token, foreign);
          expect(missing.msgCode, `${records.file.id}.${field} with a missing id`).toBe(-400);
          expect(json(across), `${records.file.id}.${field} with another company's id`).toEqual(missing);
          expect(across.body).not.toContain('外单位');
        }
        checked.push(`${records.file.id}.${field}`);
      }
    }
    // The six modules' person and record references were checked through the API.
    expect(checked).toEqual(
      expect.arrayContaining([
        'labour-attendance.worker',
        'iot-device.responsibleId',
        'safety-hazard.responsibleId',
        'concrete-pour.mixId',
      ]),
    );
    const inbox = await t.db.selectFrom('portal_message').select('id').where('user_id', '=', OUTSIDER.id).execute();
    expect(inbox).toEqual([]);
  });

  it('does not let the second company record attendance for the first company’s worker, nor learn its name', async () => {
    const token = (await loginTokens(t.app, OUTSIDER.username, OUTSIDER.password)).access_token;
    const worker = await sql<{
      id: string;
    }>`select id from c_labour_worker where project_id = ${PROJECT} limit 1`.execute(t.db);
    const create = (workerId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/data/labour-attendance/',
        headers: { 'access-token': token },
        payload: {
          projectId: OTHER_COMPANY_PROJECT,
          worker: workerId,
          date: new Date().toISOString().slice(0, 10),
          source: 'manual',
        },
      });
    const missing = json(await create('no-such-worker'));
    const across = await create(worker.rows[0].id);
    expect(missing).toMatchObject({ msgCode: -400, errMsg: '所选劳务人员不存在' });
    expect(json(across)).toEqual(missing);
  });
});
