/**
 * Server configuration, read once from the environment (DESIGN.md "Configuration").
 * Tests build a `ServerConfig` object directly with `defaultConfig({...})`.
 */
import os from 'node:os';
import path from 'node:path';
import { ConfigError } from './config-error.js';
import { tracingRequested } from './telemetry/tracing.js';
import { CronExpressionParser } from 'cron-parser';
import { defaultPortalConfig, loadPortalConfig, type PortalConfig } from './portal-config.js';

export type SmsProvider = 'outbox' | 'http';

/** The HTTP SMS gateway (PORTAL_SMS_PROVIDER=http); see accounts/sms/http-sender.ts for the wire format. */
export interface SmsHttpConfig {
  url: string;
  key: string;
  secret: string;
  signName: string;
  templateCode: string;
  /** The template of notices (messages users chose to get by SMS), one parameter `content`; none: no notices. */
  noticeTemplateCode?: string;
  timeoutMs: number;
}

/**
 * API rate limits (plugins/rate-limit.ts): requests per window of one logged-in user and of one client address;
 * 0 turns that limit off. Counted in memory per instance and added to the shared table every `flushMs`.
 */
export interface RateLimitConfig {
  perUser: number;
  perAddress: number;
  windowMs: number;
  flushMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitConfig = { perUser: 1200, perAddress: 3000, windowMs: 60_000, flushMs: 1000 };

/**
 * S3-compatible object storage for the server's files (files/s3-store.ts): MinIO, Aliyun OSS, Tencent COS, AWS S3.
 * Without it (PORTAL_STORAGE_URL unset) files stay in DATA_DIR/uploads (files/directory-store.ts).
 */
export interface S3Config {
  /** The service's address, e.g. http://minio:9000 or https://oss-cn-hangzhou.aliyuncs.com. */
  endpoint: string;
  bucket: string;
  region: string;
  /** Undefined: the AWS SDK's own chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, AWS_PROFILE, an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Buckets addressed as endpoint/bucket/key (MinIO) rather than bucket.endpoint/key (OSS, COS, AWS). */
  forcePathStyle: boolean;
}

/** The server's clock. Injectable so tests can move time (throttles, lockouts, expiries) without sleeping. */
export type Clock = () => Date;

export interface ServerConfig {
  port: number;
  host: string;
  /**
   * This instance among the several on one database (PORTAL_INSTANCE_NAME, default host name and port): the name
   * 服务监控 shows, and the identity under which an external MQTT broker keeps this instance's session, so readings
   * in flight when it died are delivered again when it is back. Unique per instance, stable across its restarts.
   */
  instanceName: string;
  /** OpenTelemetry traces, asked for by the standard OTEL variables (telemetry/tracing.ts). */
  tracing: boolean;
  /** Embedded database, SMS outbox, and uploaded files unless `s3` is set. */
  dataDir: string;
  /** Where uploaded files live: a bucket of object storage; undefined = DATA_DIR/uploads. */
  s3: S3Config | undefined;
  /** PostgreSQL server instead of the embedded database; `undefined` uses PGlite. */
  databaseUrl: string | undefined;
  /** Seed the demo company, projects, users and roles. */
  demo: boolean;
  smsProvider: SmsProvider;
  /** Required when smsProvider is 'http'. */
  smsHttp: SmsHttpConfig | undefined;
  /** Automated tests only: every captcha shows this text. */
  captchaFixed: string | undefined;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  /** The built web app served under /app/. */
  webDir: string;
  /**
   * Render the first screen of a logged-in route on the server (src/shared/first-screen.ts) when the build wrote
   * its renderer; PORTAL_FIRST_SCREEN=0 sends the plain page.
   */
  firstScreen: boolean;
  logLevel: string;
  /** The request log (http/request-log.ts): a line per request, or only failed and slow ones. */
  requestLog: { everyRequest: boolean; slowMs: number };
  /**
   * Every this many ms a `runtime stats` line at warn level (plugins/runtime-stats.ts): event-loop delay, heap and the
   * gauges plugins register (queues of ingestion); 0 = never.
   */
  runtimeStatsMs: number;
  /**
   * The bearer token a Prometheus scraper sends to GET /metrics (plugins/metrics.ts); unset: only the machine itself
   * (a loopback address) may read the metrics.
   */
  metricsToken: string | undefined;
  /** How long a shutdown (SIGTERM, SIGINT) may take before the process exits anyway (src/server/shutdown.ts). */
  shutdownTimeoutMs: number;
  /** How long a user's view (name, roles, enabled flag) and a session's liveness are cached in-process. */
  userCacheTtlMs: number;
  /**
   * How often a cached role menu tree checks the database's version of menus and grants (portal/menu-tree-cache.ts):
   * another instance's change shows within this time; this instance's own at once.
   */
  menuTreeRecheckMs: number;
  /** Searches older than this many days leave the search log (search/plugin.ts); 0 keeps them all. */
  searchLogDays: number;
  production: boolean;
  now: Clock;
  /** A password older than this many days must be changed at login (-16001); 0 = never. */
  passwordMaxAgeDays: number;
  /** The AI library the gateway tile opens (signed query appended). */
  aiUrl: string;
  /** HMAC key shared with the AI library; undefined = generated once and kept in app_key. */
  aiSecret: string | undefined;
  /** Ask for an SMS code before opening the AI library even for a logged-in user. */
  aiMobileVerify: boolean;
  /** HMAC key of single sign-on tickets; undefined = generated once and kept in app_key. */
  ssoSecret: string | undefined;
  /** The logged-in portal: concrete app, weather, uploads, micro-app versions (portal-config.ts). */
  portal: PortalConfig;
  rateLimit: RateLimitConfig;
  /**
   * The environment the modules' configuration variables are read from (module.json `config`,
   * modules/module-settings.ts): the process's at start; tests give only the variables they set.
   */
  environment: Readonly<Record<string, string | undefined>>;
  /** How often idle job workers look for due jobs and schedules (src/server/jobs). */
  jobPollMs: number;
  /** When the approval timers run (src/server/workflow/timers.ts): cron rules in China time, null never. */
  approvalTimers: ApprovalTimersConfig;
  /** When the alert sweep and the message outbox run (src/server/alerts): cron rules in China time, null never. */
  alertTimers: AlertTimersConfig;
}

export interface AlertTimersConfig {
  /** Raises due alerts, settles stale ones, escalates unanswered ones. */
  sweepCron: string | null;
  /** Sends the messages waiting for SMS or a group robot. */
  deliveryCron: string | null;
}

export const DEFAULT_ALERT_TIMERS: AlertTimersConfig = {
  sweepCron: '*/5 * * * *',
  deliveryCron: '* * * * *',
};

export interface ApprovalTimersConfig {
  /** The sweep that reminds assignees of tasks idle past their period. */
  reminderCron: string | null;
  /** The daily digest (待办 N 条，未读消息 M 条). */
  digestCron: string | null;
}

export const DEFAULT_APPROVAL_TIMERS: ApprovalTimersConfig = {
  reminderCron: '*/15 * * * *',
  digestCron: '0 8 * * *',
};

/** A cron rule of the job queue, or null for 'off'. */
function cronRule(name: string, raw: string | undefined, fallback: string | null): string | null {
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'off') return null;
  try {
    CronExpressionParser.parse(raw, { tz: 'Asia/Shanghai' });
  } catch {
    throw new ConfigError(`${name} must be a cron rule (5 fields, or 6 with seconds first) or "off", got "${raw}"`);
  }
  return raw;
}

export { ConfigError };

function integer(name: string, raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min)
    throw new ConfigError(`${name} must be an integer >= ${min}, got "${raw}"`);
  return value;
}

/** A stand-in AI library page on the local portal, so the flow can be tried without the real one. */
export const DEFAULT_AI_URL = 'http://127.0.0.1:8080/app/gateway-page?ai=demo';

function flag(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1' || raw === '0') return raw === '1';
  throw new ConfigError(`${name} must be 0 or 1, got "${raw}"`);
}

function httpUrl(name: string, raw: string | undefined, fallback: string): string {
  const value = raw || fallback;
  if (!/^https?:\/\//.test(value) || !URL.canParse(value))
    throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`);
  return value;
}

function smsHttpConfig(env: NodeJS.ProcessEnv): SmsHttpConfig {
  const missing = ['PORTAL_SMS_HTTP_URL', 'PORTAL_SMS_HTTP_KEY', 'PORTAL_SMS_HTTP_SECRET'].filter((name) => !env[name]);
  if (missing.length > 0) throw new ConfigError(`PORTAL_SMS_PROVIDER=http needs ${missing.join(', ')}`);
  return {
    url: httpUrl('PORTAL_SMS_HTTP_URL', env.PORTAL_SMS_HTTP_URL, ''),
    key: env.PORTAL_SMS_HTTP_KEY as string,
    secret: env.PORTAL_SMS_HTTP_SECRET as string,
    signName: env.PORTAL_SMS_SIGN_NAME || '智慧工地',
    templateCode: env.PORTAL_SMS_TEMPLATE || 'SMS_VERIFY_CODE',
    noticeTemplateCode: env.PORTAL_SMS_NOTICE_TEMPLATE || undefined,
    timeoutMs: 10_000,
  };
}

/** S3's rule for bucket names (3 to 63 lowercase letters, digits, dots and hyphens). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** Clouds that address a bucket by host name and refuse (OSS) or deprecate (COS, AWS) paths. */
const VIRTUAL_HOSTED = /(^|\.)(aliyuncs\.com|myqcloud\.com|amazonaws\.com)$/;
const STORAGE_URL_FORM = 'http(s)://[KEY:SECRET@]host[:port]/bucket[?region=...&pathStyle=0|1]';

/**
 * PORTAL_STORAGE_URL: the bucket's URL as MinIO shows it, `http://KEY:SECRET@minio:9000/portal-files`, with
 * `?region=` (default us-east-1) and `?pathStyle=0|1` (default 1, 0 on OSS, COS and AWS hosts). Without the key in
 * it, the AWS SDK's own chain (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, AWS_PROFILE, an instance role).
 */
function storageConfig(value: string | undefined): S3Config | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`PORTAL_STORAGE_URL "${value}" is not a URL (${STORAGE_URL_FORM})`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`PORTAL_STORAGE_URL must be an http(s) URL (${STORAGE_URL_FORM})`);
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  if (!BUCKET_NAME.test(bucket))
    throw new ConfigError(
      `PORTAL_STORAGE_URL must end in a bucket name (3 to 63 lowercase letters, digits, dots and hyphens), got "${bucket}"`,
    );
  const region = url.searchParams.get('region') || 'us-east-1';
  if (!/^[A-Za-z0-9-]{1,64}$/.test(region))
    throw new ConfigError(`PORTAL_STORAGE_URL's region must be a region name such as us-east-1, got "${region}"`);
  const accessKeyId = decodeURIComponent(url.username);
  const secretAccessKey = decodeURIComponent(url.password);
  if (!accessKeyId !== !secretAccessKey)
    throw new ConfigError('PORTAL_STORAGE_URL holds an access key without its secret, or a secret without its key');
  const pathStyle = url.searchParams.get('pathStyle');
  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket,
    region,
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle:
      pathStyle === null ? !VIRTUAL_HOSTED.test(url.hostname) : flag('PORTAL_STORAGE_URL pathStyle', pathStyle, true),
  };
}

const INSTANCE_NAME = /^[A-Za-z0-9._:-]{1,64}$/;

export function defaultConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: 8080,
    host: '127.0.0.1',
    instanceName: `${os.hostname()}:8080`,
    tracing: false,
    dataDir: path.resolve('data'),
    s3: undefined,
    databaseUrl: undefined,
    demo: false,
    smsProvider: 'outbox',
    smsHttp: undefined,
    captchaFixed: undefined,
    accessTtlSeconds: 1800,
    refreshTtlSeconds: 7 * 24 * 3600,
    webDir: path.resolve('dist'),
    firstScreen: true,
    logLevel: 'info',
    requestLog: { everyRequest: false, slowMs: 1000 },
    runtimeStatsMs: 0,
    metricsToken: undefined,
    shutdownTimeoutMs: 10_000,
    userCacheTtlMs: 5000,
    menuTreeRecheckMs: 1000,
    searchLogDays: 730,
    production: false,
    now: () => new Date(),
    passwordMaxAgeDays: 0,
    aiUrl: DEFAULT_AI_URL,
    aiSecret: undefined,
    aiMobileVerify: true,
    ssoSecret: undefined,
    portal: defaultPortalConfig(),
    rateLimit: DEFAULT_RATE_LIMIT,
    environment: {},
    jobPollMs: 1000,
    approvalTimers: DEFAULT_APPROVAL_TIMERS,
    alertTimers: DEFAULT_ALERT_TIMERS,
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
  if (smsProvider !== 'outbox' && smsProvider !== 'http') {
    throw new ConfigError(`PORTAL_SMS_PROVIDER "${smsProvider}" is unknown (known: outbox, http)`);
  }
  const port = integer('PORT', env.PORT, 8080, 0);
  const instanceName = env.PORTAL_INSTANCE_NAME || `${os.hostname()}:${port}`;
  if (!INSTANCE_NAME.test(instanceName))
    throw new ConfigError(`PORTAL_INSTANCE_NAME "${instanceName}" may hold letters, digits and . _ : - (at most 64)`);
  return defaultConfig({
    port,
    host: env.HOST || '127.0.0.1',
    instanceName,
    tracing: tracingRequested(env),
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    s3: storageConfig(env.PORTAL_STORAGE_URL),
    databaseUrl: env.DATABASE_URL || undefined,
    demo: env.PORTAL_DEMO === '1',
    smsProvider,
    smsHttp: smsProvider === 'http' ? smsHttpConfig(env) : undefined,
    captchaFixed,
    accessTtlSeconds: integer('PORTAL_ACCESS_TTL_SECONDS', env.PORTAL_ACCESS_TTL_SECONDS, 1800, 1),
    refreshTtlSeconds: integer('PORTAL_REFRESH_TTL_SECONDS', env.PORTAL_REFRESH_TTL_SECONDS, 7 * 24 * 3600, 60),
    webDir: path.resolve(env.PORTAL_WEB_DIR || 'dist'),
    firstScreen: flag('PORTAL_FIRST_SCREEN', env.PORTAL_FIRST_SCREEN, true),
    logLevel: env.LOG_LEVEL || 'info',
    requestLog: {
      everyRequest: flag(
        'PORTAL_REQUEST_LOG',
        env.PORTAL_REQUEST_LOG,
        env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace',
      ),
      slowMs: integer('PORTAL_SLOW_REQUEST_MS', env.PORTAL_SLOW_REQUEST_MS, 1000, 1),
    },
    runtimeStatsMs: integer('PORTAL_RUNTIME_STATS_MS', env.PORTAL_RUNTIME_STATS_MS, 0, 0),
    metricsToken: env.PORTAL_METRICS_TOKEN || undefined,
    shutdownTimeoutMs: integer('PORTAL_SHUTDOWN_TIMEOUT_MS', env.PORTAL_SHUTDOWN_TIMEOUT_MS, 10_000, 100),
    menuTreeRecheckMs: integer('PORTAL_MENU_TREE_RECHECK_MS', env.PORTAL_MENU_TREE_RECHECK_MS, 1000, 0),
    searchLogDays: integer('PORTAL_SEARCH_LOG_DAYS', env.PORTAL_SEARCH_LOG_DAYS, 730, 0),
    production,
    passwordMaxAgeDays: integer('PORTAL_PASSWORD_MAX_AGE_DAYS', env.PORTAL_PASSWORD_MAX_AGE_DAYS, 0, 0),
    // Without an AI library of its own, an install points at a stand-in page of itself.
    aiUrl: httpUrl(
      'PORTAL_AI_URL',
      env.PORTAL_AI_URL,
      `http://${env.HOST || '127.0.0.1'}:${env.PORT || 8080}/app/gateway-page?ai=demo`,
    ),
    aiSecret: env.PORTAL_AI_SECRET || undefined,
    aiMobileVerify: flag('PORTAL_AI_MOBILE_VERIFY', env.PORTAL_AI_MOBILE_VERIFY, true),
    ssoSecret: env.PORTAL_SSO_SECRET || undefined,
    portal: loadPortalConfig(env),
    environment: env,
    jobPollMs: integer('PORTAL_JOB_POLL_MS', env.PORTAL_JOB_POLL_MS, 1000, 10),
    approvalTimers: {
      reminderCron: cronRule('PORTAL_REMINDER_CRON', env.PORTAL_REMINDER_CRON, DEFAULT_APPROVAL_TIMERS.reminderCron),
      digestCron: cronRule('PORTAL_DIGEST_CRON', env.PORTAL_DIGEST_CRON, DEFAULT_APPROVAL_TIMERS.digestCron),
    },
    alertTimers: {
      sweepCron: cronRule('PORTAL_ALERT_CRON', env.PORTAL_ALERT_CRON, DEFAULT_ALERT_TIMERS.sweepCron),
      deliveryCron: cronRule('PORTAL_DELIVERY_CRON', env.PORTAL_DELIVERY_CRON, DEFAULT_ALERT_TIMERS.deliveryCron),
    },
    rateLimit: {
      ...DEFAULT_RATE_LIMIT,
      perUser: integer('PORTAL_RATE_LIMIT_USER', env.PORTAL_RATE_LIMIT_USER, DEFAULT_RATE_LIMIT.perUser, 0),
      perAddress: integer('PORTAL_RATE_LIMIT_ADDRESS', env.PORTAL_RATE_LIMIT_ADDRESS, DEFAULT_RATE_LIMIT.perAddress, 0),
      windowMs:
        integer(
          'PORTAL_RATE_LIMIT_WINDOW_SECONDS',
          env.PORTAL_RATE_LIMIT_WINDOW_SECONDS,
          DEFAULT_RATE_LIMIT.windowMs / 1000,
          1,
        ) * 1000,
    },
  });
}
