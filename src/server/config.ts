/**
 * Server configuration, read once from the environment (DESIGN.md "Configuration").
 * Tests build a `ServerConfig` object directly with `defaultConfig({...})`.
 */
import path from 'node:path';

export type SmsProvider = 'outbox';

export interface ServerConfig {
  port: number;
  host: string;
  /** Embedded database, SMS outbox. */
  dataDir: string;
  /** PostgreSQL server instead of the embedded database; `undefined` uses PGlite. */
  databaseUrl: string | undefined;
  /** Seed the demo company, projects, users and roles. */
  demo: boolean;
  smsProvider: SmsProvider;
  /** Automated tests only: every captcha shows this text. */
  captchaFixed: string | undefined;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  /** The built web app served under /app/. */
  webDir: string;
  logLevel: string;
  /** How long a user's view (name, roles, enabled flag) and a session's liveness are cached in-process. */
  userCacheTtlMs: number;
  production: boolean;
}

export class ConfigError extends Error {}

function integer(name: string, raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new ConfigError(`${name} must be an integer >= ${min}, got "${raw}"`);
  return value;
}

export function defaultConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: 8080,
    host: '127.0.0.1',
    dataDir: path.resolve('data'),
    databaseUrl: undefined,
    demo: false,
    smsProvider: 'outbox',
    captchaFixed: undefined,
    accessTtlSeconds: 1800,
    refreshTtlSeconds: 7 * 24 * 3600,
    webDir: path.resolve('dist'),
    logLevel: 'info',
    userCacheTtlMs: 5000,
    production: false,
    ...overrides,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const captchaFixed = env.PORTAL_CAPTCHA_FIXED || undefined;
  if (production && captchaFixed !== undefined) {
    throw new ConfigError('PORTAL_CAPTCHA_FIXED is for automated tests only and is refused when NODE_ENV=production');
  }
  const smsProvider = env.PORTAL_SMS_PROVIDER || 'outbox';
  if (smsProvider !== 'outbox') throw new ConfigError(`PORTAL_SMS_PROVIDER "${smsProvider}" is unknown (known: outbox)`);
  return defaultConfig({
    port: integer('PORT', env.PORT, 8080, 0),
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    demo: env.PORTAL_DEMO === '1',
    smsProvider,
    captchaFixed,
    accessTtlSeconds: integer('PORTAL_ACCESS_TTL_SECONDS', env.PORTAL_ACCESS_TTL_SECONDS, 1800, 1),
    refreshTtlSeconds: integer('PORTAL_REFRESH_TTL_SECONDS', env.PORTAL_REFRESH_TTL_SECONDS, 7 * 24 * 3600, 60),
    webDir: path.resolve(env.PORTAL_WEB_DIR || 'dist'),
    logLevel: env.LOG_LEVEL || 'info',
    production,
  });
}
