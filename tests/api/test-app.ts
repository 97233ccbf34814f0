/**
 * Isolated apps for API tests. Each test file gets its own database:
 * - with DATABASE_URL set: a fresh database `portal_t_<random>` created on that PostgreSQL server (through its
 *   maintenance database) and dropped afterwards;
 * - otherwise an in-memory PGlite.
 * The database is migrated and seeded (reference + demo data); logging is silent; captchas always show
 * CAPTCHA_TEXT. Requests go through `app.inject` (no network).
 */
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app.js';
import { defaultConfig, type ServerConfig } from '../../src/server/config.js';
import { createDatabase, type Db } from '../../src/server/db/database.js';
import { migrateToLatest } from '../../src/server/db/migrate.js';
import { runSeed } from '../../src/server/seed/index.js';
import type { Envelope, PublicKeys, TokenPair } from '../../src/shared/envelope.js';

export const CAPTCHA_TEXT = 'T3st';

export interface TestDatabase {
  db: Db;
  kind: 'postgres' | 'pglite';
  drop(): Promise<void>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: ServerConfig;
  /** Another app over the same database (e.g. with other TTLs); closed by `close()`. */
  sibling(overrides: Partial<ServerConfig>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return defaultConfig({
    demo: true,
    logLevel: 'silent',
    captchaFixed: CAPTCHA_TEXT,
    webDir: '/nonexistent-web-dir',
    ...overrides,
  });
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const db = createDatabase({ kind: 'memory' });
    return { db, kind: 'pglite', drop: () => db.destroy() };
  }
  const name = `portal_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createDatabase({ kind: 'postgres', url: url.toString(), max: 5 });
  return {
    db,
    kind: 'postgres',
    async drop() {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export async function createTestApp(overrides: Partial<ServerConfig> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(overrides);
  await migrateToLatest(database.db);
  await runSeed(database.db, { demo: config.demo });
  const app = await buildApp({ config, db: database.db });
  const siblings: FastifyInstance[] = [];
  return {
    app,
    db: database.db,
    config,
    async sibling(more) {
      const other = await buildApp({ config: testConfig({ ...overrides, ...more }), db: database.db });
      siblings.push(other);
      return other;
    },
    async close() {
      for (const other of siblings) await other.close();
      await app.close();
      await database.drop();
    },
  };
}

export function json<T = unknown, I = unknown>(response: LightMyRequestResponse): Envelope<T, I> {
  return response.json<Envelope<T, I>>();
}

/** Fetches a captcha image and returns the `captcha_id` cookie to send with the login. */
export async function getCaptchaCookie(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/getCaptchaImg' });
  const cookie = response.cookies.find((c) => c.name === 'captcha_id');
  if (!cookie) throw new Error('no captcha cookie');
  return `captcha_id=${cookie.value}`;
}

interface JsEncryptLike {
  setPublicKey(pem: string): void;
  encryptOAEP(text: string): string | false;
}
const require = createRequire(import.meta.url);
const JSEncrypt = require('jsencrypt') as new () => JsEncryptLike;

/** Encrypts like the browser: jsencrypt OAEP (SHA-256) over the UTF-8 bytes as a binary string. */
export function encryptLikeBrowser(publicKeyPem: string, text: string): string {
  const encryptor = new JSEncrypt();
  encryptor.setPublicKey(publicKeyPem);
  const cipher = encryptor.encryptOAEP(String.fromCharCode(...new TextEncoder().encode(text)));
  if (cipher === false) throw new Error('jsencrypt failed');
  return cipher;
}

export async function publicKeys(app: FastifyInstance): Promise<PublicKeys> {
  const body = json<PublicKeys>(await app.inject({ method: 'GET', url: '/api/pub/keys' }));
  if (!body.data) throw new Error('no keys');
  return body.data;
}

/** Posts a login with a fresh captcha; `validateCode` defaults to the right one. */
export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
  options: { validateCode?: string; cookie?: string } = {},
): Promise<LightMyRequestResponse> {
  const keys = await publicKeys(app);
  const cookie = options.cookie ?? (await getCaptchaCookie(app));
  return app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { cookie },
    payload: { username, password: encryptLikeBrowser(keys.rsaPublicKey, password), validateCode: options.validateCode ?? CAPTCHA_TEXT },
  });
}

/** Logs in and returns the token pair, failing the test otherwise. */
export async function loginTokens(app: FastifyInstance, username: string, password: string): Promise<TokenPair> {
  const body = json<TokenPair>(await login(app, username, password));
  if (body.msgCode !== 0 || !body.data) throw new Error(`login failed: ${body.msgCode} ${body.errMsg}`);
  return body.data;
}

export const DEMO = {
  admin: { username: 'admin', password: 'Admin@2026' },
  manager: { username: 'manager', password: 'Manager@2026' },
  staff: { username: 'staff', password: 'Staff@2026' },
} as const;
