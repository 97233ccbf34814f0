/** Helpers of the portal's API tests (issue 4): logged-in calls and a second company to test scoping against. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll } from 'vitest';
import type { Db } from '../../src/server/db/database.js';
import { hashPassword } from '../../src/server/accounts/passwords.js';
import type { Envelope } from '../../src/shared/envelope.js';
import { DEMO, json, loginTokens, type TestApp } from './test-app.js';

/** A demo account, or 'other': the manager of the second company (`addOtherCompany`). */
export type PortalUser = keyof typeof DEMO | 'other';

/** A caller bound to one access token. */
export interface Caller {
  token: string;
  raw(options: InjectOptions): Promise<LightMyRequestResponse>;
  post<T = unknown>(url: string, payload?: unknown): Promise<Envelope<T>>;
  get<T = unknown, I = unknown>(url: string, query?: Record<string, string>): Promise<Envelope<T, I>>;
}

export function callerWith(app: FastifyInstance, token: string): Caller {
  const raw = (options: InjectOptions) =>
    app.inject({ ...options, headers: { ...(options.headers ?? {}), 'access-token': token } });
  return {
    token,
    raw,
    post: async <T>(url: string, payload?: unknown) =>
      json<T>(await raw({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }) })),
    get: async <T, I>(url: string, query?: Record<string, string>) =>
      json<T, I>(await raw({ method: 'GET', url, ...(query ? { query } : {}) })),
  };
}

export async function loginAs(app: FastifyInstance, user: PortalUser): Promise<Caller> {
  const { username, password } = user === 'other' ? OTHER : DEMO[user];
  const tokens = await loginTokens(app, username, password);
  return callerWith(app, tokens.access_token);
}

/**
 * Callers for `users`, logged in together before the tests of the enclosing file or describe block:
 * `const [admin, staff] = useLogins(t, 'admin', 'staff')`. Use them inside tests and hooks.
 */
export function useLogins(t: Pick<TestApp, 'app'>, ...users: PortalUser[]): Caller[] {
  let current: Caller[] | undefined;
  beforeAll(async () => {
    current = await Promise.all(users.map((user) => loginAs(t.app, user)));
  });
  return users.map((user, i): Caller => {
    const ready = (): Caller => {
      if (!current) throw new Error(`${user} logs in in beforeAll: use the caller inside tests and hooks`);
      return current[i];
    };
    return {
      get token() {
        return ready().token;
      },
      raw: (options) => ready().raw(options),
      post: <T>(url: string, payload?: unknown) => ready().post<T>(url, payload),
      get: <T, I>(url: string, query?: Record<string, string>) => ready().get<T, I>(url, query),
    };
  });
}

export const OTHER = {
  companyId: 'office-other',
  departmentId: 'office-other-pd',
  projectId: 'project-other',
  projectName: '外部公司港口工程',
  username: 'othermanager',
  password: 'Other@2026',
} as const;

/** A second company with one project and a manager, to show that scoping keeps companies apart. */
export async function addOtherCompany(db: Db): Promise<void> {
  await db
    .insertInto('sys_office')
    .values([
      { id: OTHER.companyId, parent_id: '0', parent_ids: '0,', name: '外部港航建设有限公司', type: '1', code: 'OTHER' },
      {
        id: OTHER.departmentId,
        parent_id: OTHER.companyId,
        parent_ids: `0,${OTHER.companyId},`,
        name: '港口工程项目部',
        type: '3',
        code: 'OTHER-01',
      },
    ])
    .execute();
  await db
    .insertInto('project')
    .values({
      id: OTHER.projectId,
      office_id: OTHER.departmentId,
      name: OTHER.projectName,
      engineering_type: '2',
      status: '1',
      area_code: '370202',
      code: 'OTHER-2026-001',
    })
    .execute();
  await db
    .insertInto('sys_user')
    .values({
      id: 'user-other',
      login_name: OTHER.username,
      name: '外部经理',
      password_hash: await hashPassword(OTHER.password),
      mobile: '13900000099',
      office_id: OTHER.companyId,
      company_id: OTHER.companyId,
      password_changed_at: new Date(),
    })
    .execute();
  await db.insertInto('sys_user_role').values({ user_id: 'user-other', role_id: 'role-company-manager' }).execute();
}

export const PROJECTS = {
  binjiang: { id: 'project-binjiang', name: '滨江花园住宅工程', type: '1' },
  expressway: { id: 'project-expressway', name: '城市快速路改造工程', type: '2' },
  highway: { id: 'project-highway', name: '沿海高速公路工程', type: '3' },
} as const;
