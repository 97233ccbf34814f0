/** Shared pieces of the administration API tests (tests/api/admin-*.test.ts). */
import type { FastifyInstance } from 'fastify';
import { beforeAll } from 'vitest';
import type { Envelope } from '../../src/shared/envelope.js';
import { DEMO, encryptLikeBrowser, json, loginTokens, publicKeys, type TestApp } from './test-app.js';

export type Who = 'admin' | 'manager' | 'staff' | 'none';
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Caller {
  call<T = unknown>(method: Method, url: string, payload?: unknown): Promise<Envelope<T>>;
  token: string | undefined;
}

export function caller(app: FastifyInstance, token: string | undefined): Caller {
  return {
    token,
    async call<T>(method: Method, url: string, payload?: unknown) {
      const response = await app.inject({
        method,
        url,
        headers: token ? { 'access-token': token } : {},
        ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      });
      // The import template is a file, not an envelope.
      if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) {
        return { msgCode: response.statusCode === 200 ? 0 : -1, errMsg: '' };
      }
      return json<T>(response);
    },
  };
}

/** Logged-in callers for the three demo accounts, and one without a token. */
export async function callers(app: FastifyInstance): Promise<Record<Who, Caller>> {
  const [admin, manager, staff] = await Promise.all(
    (['admin', 'manager', 'staff'] as const).map((who) => loginTokens(app, DEMO[who].username, DEMO[who].password)),
  );
  return {
    admin: caller(app, admin.access_token),
    manager: caller(app, manager.access_token),
    staff: caller(app, staff.access_token),
    none: caller(app, undefined),
  };
}

/** `callers` of the test app, logged in before the tests of the enclosing file or describe block. */
export function useCallers(t: Pick<TestApp, 'app'>): Record<Who, Caller> {
  let current: Record<Who, Caller> | undefined;
  beforeAll(async () => {
    current = await callers(t.app);
  });
  const late = (who: Who): Caller => {
    const ready = (): Caller => {
      if (!current) throw new Error('the callers log in in beforeAll: use them inside tests and hooks');
      return current[who];
    };
    return {
      get token() {
        return ready().token;
      },
      call: <T>(method: Method, url: string, payload?: unknown) => ready().call<T>(method, url, payload),
    };
  };
  return { admin: late('admin'), manager: late('manager'), staff: late('staff'), none: late('none') };
}

/** The password field as the admin user form sends it (RSA-OAEP, like the login). */
export async function encryptedPassword(app: FastifyInstance, password: string): Promise<string> {
  return encryptLikeBrowser((await publicKeys(app)).rsaPublicKey, password);
}

export interface PageData<T> {
  dataList: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}
