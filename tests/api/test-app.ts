/**
 * Isolated apps for API tests. Each test file gets its own database:
 * - with DATABASE_URL set: a fresh database `portal_t_<random>` created on that PostgreSQL server (through its
 *   maintenance database) and dropped afterwards;
 * - otherwise an in-memory PGlite.
 * The database is migrated and seeded (reference + demo data); logging is silent; captchas always show
 * CAPTCHA_TEXT; DATA_DIR is a fresh temporary directory (the SMS outbox lands there). Requests go through
 * `app.inject` (no network).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import smCrypto from 'sm-crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type BuildAppOptions } from '../../src/server/app.js';
import { defaultConfig, type ServerConfig } from '../../src/server/config.js';
import { createDatabase, type Db } from '../../src/server/db/database.js';
import { prepareDatabase } from '../../src/server/prepare.js';
import type { SmsPurpose } from '../../src/server/db/tables.js';
import { idCardCheckChar } from '../../src/server/lib/id-card.js';
import type { ServiceOverrides } from '../../src/server/app-services.js';
import { OUTBOX_FILE, type OutboxLine } from '../../src/server/accounts/sms/outbox-sender.js';
import type { Envelope, PublicKeys, TokenPair } from '../../src/shared/envelope.js';

export const CAPTCHA_TEXT = 'T3st';

export interface TestDatabase {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** The database's address on the PostgreSQL server (kind postgres), for server processes of a test. */
  url?: string;
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
    // No reminder or digest lands between a test's steps; workflow-timers.test.ts turns them on.
    approvalTimers: { reminderCron: null, digestCron: null },
    // Alerts are swept and messages delivered when a test calls for it (alerts.test.ts).
    alertTimers: { sweepCron: null, deliveryCron: null },
    // No MQTT broker unless a test asks for one (PORTAL_MQTT_PORT '0': any free port).
    // Nor the demo BIM models, converted in the background of every file; bim.test.ts asks for them.
    environment: { PORTAL_MQTT_PORT: 'off', PORTAL_BIM_DEMO_MODELS: 'off' },
    ...overrides,
  });
}

/**
 * A database of its own for a test file: empty, or (`prepared`) a copy of the one migrated and seeded with the demo
 * data once per run (global-setup.ts), which `prepareDatabase` then finds up to date.
 */
export async function createTestDatabase(options: { prepared?: boolean } = {}): Promise<TestDatabase> {
  const template = options.prepared ? inject('preparedTemplate') : undefined;
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const from = template?.kind === 'pglite' ? new Blob([await readFile(template.dumpFile)]) : undefined;
    const db = createDatabase({ kind: 'memory', from });
    return { db, kind: 'pglite', drop: () => db.destroy() };
  }
  const name = `portal_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(
    template?.kind === 'postgres' ? `CREATE DATABASE ${name} TEMPLATE ${template.database}` : `CREATE DATABASE ${name}`,
  );
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createDatabase({ kind: 'postgres', url: url.toString(), max: 5 });
  return {
    db,
    kind: 'postgres',
    url: url.toString(),
    async drop() {
      await db.destroy();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export async function createTestApp(
  overrides: Partial<ServerConfig> = {},
  options: Pick<BuildAppOptions, 'services' | 'onRoute' | 'modules'> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-api-'));
  const config = testConfig({ dataDir, ...overrides });
  // The run's prepared database is the demo data with every module: a file that asks for other data prepares its own.
  const prepared = config.demo && options.modules === undefined;
  const database = await createTestDatabase({ prepared });
  const modules = await prepareDatabase(database.db, {
    demo: config.demo,
    modules: options.modules,
    seed: prepared ? 'whenChanged' : 'always',
  });
  const app = await buildApp({
    config,
    db: database.db,
    services: options.services,
    onRoute: options.onRoute,
    modules,
  });
  const siblings: FastifyInstance[] = [];
  return {
    app,
    db: database.db,
    config,
    async sibling(more) {
      const other = await buildApp({
        config: testConfig({ dataDir, ...overrides, ...more }),
        db: database.db,
        modules,
      });
      siblings.push(other);
      return other;
    },
    async close() {
      for (const other of siblings) await other.close();
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The app of a test file (or of a describe block): created before its tests, closed after them. Called at the top,
 * `const t = useTestApp({ now: clock.now })`; its members are there from the tests and hooks on. Overrides that
 * depend on something a hook makes (a fake server's address) go in as a function, read when the app is made.
 */
export function useTestApp(
  overrides: Partial<ServerConfig> | (() => Partial<ServerConfig>) = {},
  options: Pick<BuildAppOptions, 'services' | 'onRoute' | 'modules'> = {},
): Omit<TestApp, 'close'> {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(typeof overrides === 'function' ? overrides() : overrides, options);
  });
  afterAll(async () => {
    await current?.close();
  });
  const ready = (): TestApp => {
    if (!current) throw new Error('the test app is made in beforeAll: use it inside tests and hooks');
    return current;
  };
  return {
    get app() {
      return ready().app;
    },
    get db() {
      return ready().db;
    },
    get config() {
      return ready().config;
    },
    sibling: (more) => ready().sibling(more),
  };
}

/** A clock the tests move by hand (config.now), so limits measured in minutes or days take no time. */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
  set(at: Date): void;
}

export function testClock(start: Date = new Date()): TestClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
    set(at) {
      current = at.getTime();
    },
  };
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const DAY = 24 * 60 * MINUTE;

/** Every message of the app's SMS outbox (DATA_DIR/sms-outbox.jsonl), oldest first. */
export async function outbox(t: Pick<TestApp, 'config'>): Promise<OutboxLine[]> {
  let text: string;
  try {
    text = await readFile(path.join(t.config.dataDir, OUTBOX_FILE), 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxLine);
}

/** The newest code sent to `phone` for `purpose`, read from the outbox. */
export async function lastCode(t: Pick<TestApp, 'config'>, phone: string, purpose: SmsPurpose): Promise<string> {
  const line = (await outbox(t)).filter((m) => m.phone === phone && m.purpose === purpose).at(-1);
  if (!line) throw new Error(`no ${purpose} code for ${phone} in the outbox`);
  return line.code;
}

/** Encrypts like the browser's change-password form: SM2 cipher mode 1, hex, with the 04 prefix. */
export function sm2LikeBrowser(publicKeyHex: string, text: string): string {
  return `04${smCrypto.sm2.doEncrypt(text, publicKeyHex, 1)}`;
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
  options: { validateCode?: string; cookie?: string; userAgent?: string } = {},
): Promise<LightMyRequestResponse> {
  const keys = await publicKeys(app);
  const cookie = options.cookie ?? (await getCaptchaCookie(app));
  return app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { cookie, ...(options.userAgent ? { 'user-agent': options.userAgent } : {}) },
    payload: {
      username,
      password: encryptLikeBrowser(keys.rsaPublicKey, password),
      validateCode: options.validateCode ?? CAPTCHA_TEXT,
    },
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

/** A valid mainland ID number (check character computed) for a birth date yyyyMMdd, order digits and region. */
export function idNumber(birth = '19900307', order = '123', region = '110101'): string {
  const first17 = `${region}${birth}${order}`;
  return `${first17}${idCardCheckChar(first17)}`;
}
