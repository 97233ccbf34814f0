/**
 * Users of every kind on every route: a user without office, without company, or with an office but no company,
 * holding each role a restricted user can hold, calls every operation of the OpenAPI document with plausible
 * inputs (a visible or an invisible demo project, real ids in the path). Whatever the user may or may not see,
 * the answer is below 500 and leaks nothing. The routes come from the document, so a new route or collection is
 * swept without being named here.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMIT } from '../../src/server/config.js';
import { hashPassword } from '../../src/server/accounts/passwords.js';
import {
  jsonBodySchema,
  LEAKS,
  openApiDocument,
  operationsOf,
  plausible,
  type DocumentedOperation,
} from './openapi-requests.js';
import { useTestApp } from './test-app.js';

const t = useTestApp({ rateLimit: { ...DEFAULT_RATE_LIMIT, perUser: 1_000_000, perAddress: 1_000_000 } });

const PROJECT = { id: 'project-binjiang', name: '滨江花园住宅工程' };

/** Where a user sits in the office tree: the three ways a restricted user's company can be missing or partial. */
const PLACEMENTS = {
  /** Company set, no office. */
  noOffice: { company_id: 'office-company', office_id: null },
  /** Neither: a self-registered individual, or a user an administrator gave a role without placing them. */
  noCompany: { company_id: null, office_id: null },
  /** An office but no company: the scope is that office's subtree. */
  officeWithoutCompany: { company_id: null, office_id: 'office-pd-binjiang' },
} as const;

/** Values for parameters and body members whose names say what they hold. */
function named(name: string): unknown {
  switch (name) {
    case 'projectId':
      return PROJECT.id;
    case 'projectName':
      return PROJECT.name;
    case 'month':
      return new Date().toISOString().slice(0, 7);
    case 'pageNum':
    case 'pageNo':
      return 1;
    case 'pageSize':
    case 'limit':
      return 10;
    default:
      return undefined;
  }
}

/** A real id for a path parameter, so that lookups reach their scope checks rather than stopping at "no such id". */
function pathValue(template: string, parameter: string, ids: Map<string, string>): string {
  if (parameter === 'projectId') return PROJECT.id;
  const collection = /^\/api\/data\/([^/]+)\//.exec(template)?.[1];
  if (collection && parameter === 'id') return ids.get(collection) ?? 'missing-id';
  const byArea: [RegExp, string][] = [
    [/^\/api\/system\/office\//, 'office-company'],
    [/^\/api\/system\/role\//, 'role-site-staff'],
    [/^\/api\/system\/project\//, PROJECT.id],
    [/^\/api\/user\//, 'user-staff'],
  ];
  return byArea.find(([pattern]) => pattern.test(template))?.[1] ?? 'missing-id';
}

function requestOf(entry: DocumentedOperation, ids: Map<string, string>) {
  const { method, template, operation } = entry;
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(pathValue(template, name, ids)),
  );
  const query = new URLSearchParams();
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in !== 'query') continue;
    const value = named(parameter.name) ?? (parameter.required ? plausible(parameter.schema) : undefined);
    if (value !== undefined) query.set(parameter.name, String(value));
  }
  const takesBody = method !== 'get' && method !== 'delete';
  const schema = jsonBodySchema(operation);
  const search = query.size > 0 ? `?${query}` : '';
  return {
    method: method.toUpperCase() as 'GET',
    url: `${path}${search}`,
    ...(takesBody ? { payload: schema ? (plausible(schema, { named }) as object) : {} } : {}),
  };
}

/** The first record id of every collection, read as the administrator. */
async function firstIds(app: FastifyInstance, admin: string, operations: DocumentedOperation[]) {
  const ids = new Map<string, string>();
  for (const { method, template } of operations) {
    const collection = /^\/api\/data\/([^/]+)\/$/.exec(template)?.[1];
    if (!collection || method !== 'get') continue;
    const response = await app.inject({
      method: 'GET',
      url: `${template}?projectId=${PROJECT.id}&pageNo=1&pageSize=1`,
      headers: { 'access-token': admin },
    });
    const first = (response.json() as { data?: { dataList?: { id?: string }[] } }).data?.dataList?.[0]?.id;
    if (first) ids.set(collection, first);
  }
  return ids;
}

describe('every route, for users without company or office', () => {
  it('answers every kind of user and role below 500, without leaks', async () => {
    const app = t.app;
    const operations = operationsOf(await openApiDocument(app));
    expect(operations.length).toBeGreaterThan(100);

    const tokenOf = async (userId: string) => {
      const session = await app.services.sessions.start(userId);
      return app.services.accessTokens.issue(userId, session.familyId);
    };
    const ids = await firstIds(app, await tokenOf('user-admin'), operations);
    expect(ids.size).toBeGreaterThan(5);

    // Every role a restricted user can hold: not the administrator, nor a role that sees all data.
    const roles = await t.db
      .selectFrom('sys_role')
      .select(['id', 'name'])
      .where('del_flag', '=', '0')
      .where('enname', '!=', 'admin')
      .where((eb) => eb.or([eb('data_scope', 'is', null), eb('data_scope', '!=', '1')]))
      .orderBy('id')
      .execute();
    expect(roles.map((r) => r.id)).toEqual(expect.arrayContaining(['role-company-manager', 'role-personal']));

    const passwordHash = await hashPassword('Sweep@2026');
    const failures: string[] = [];
    let requests = 0;
    for (const [placementName, placement] of Object.entries(PLACEMENTS)) {
      for (const role of roles) {
        const userId = `user-sweep-${placementName}-${role.id}`;
        await t.db
          .insertInto('sys_user')
          .values({ id: userId, login_name: userId, name: '巡检用户', password_hash: passwordHash, ...placement })
          .execute();
        await t.db.insertInto('sys_user_role').values({ user_id: userId, role_id: role.id }).execute();
        let token = await tokenOf(userId);
        for (const entry of operations) {
          const request = requestOf(entry, ids);
          const response = await app.inject({ ...request, headers: { 'access-token': token } });
          requests += 1;
          const text = /json|text|html/.test(String(response.headers['content-type'] ?? '')) ? response.body : '';
          const where = `${placementName} ${role.name}: ${request.method} ${request.url}`;
          if (response.statusCode >= 500) failures.push(`${response.statusCode} ${where} -> ${text.slice(0, 200)}`);
          const leak = LEAKS.find((pattern) => pattern.test(text));
          if (leak) failures.push(`leak ${leak} ${where} -> ${text.slice(0, 200)}`);
          // A logout or password route may end the session: the next route gets a fresh one.
          if (/"msgCode":-(401|10014|10005)\b/.test(text)) token = await tokenOf(userId);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(operations.length * 6);
  });
});

describe('a restricted user without company or office', () => {
  it('sees no office, project, user or role, without an error, and cannot write for a company', async () => {
    const app = t.app;
    const userId = 'user-no-company-manager';
    await t.db
      .insertInto('sys_user')
      .values({ id: userId, login_name: 'nocompany', name: '无公司', password_hash: await hashPassword('Sweep@2026') })
      .execute();
    await t.db.insertInto('sys_user_role').values({ user_id: userId, role_id: 'role-company-manager' }).execute();
    const session = await app.services.sessions.start(userId);
    const headers = { 'access-token': app.services.accessTokens.issue(userId, session.familyId) };

    const reads = [
      { method: 'GET', url: '/api/zhgd/office/tree' },
      { method: 'POST', url: '/zhgd/project/withOfficeName', payload: {} },
      { method: 'POST', url: '/api/device/base/v2.0/companyTree', payload: {} },
      { method: 'GET', url: '/api/user/list?pageNo=1&pageSize=10' },
      { method: 'GET', url: `/api/data/labour-worker/?projectId=${PROJECT.id}` },
    ] as const;
    for (const read of reads) {
      const response = await app.inject({ ...read, headers });
      expect(response.statusCode, read.url).toBeLessThan(500);
      // Nothing of the demo company reaches this user: no office, project, person or worker name.
      expect(response.body, read.url).not.toMatch(/滨江|华东分公司|中建智慧|张|李|王/);
    }
    const role = await app.inject({
      method: 'POST',
      url: '/api/system/role',
      headers,
      payload: { name: '无主角色', enname: 'orphanRole', useable: '1', dataScope: '8', roleType: 'user' },
    });
    expect(role.json()).toMatchObject({ msgCode: -403, errMsg: '当前账号未归属任何公司，不能进行此操作' });
  });
});
