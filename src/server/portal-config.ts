/**
 * Configuration of the logged-in portal (issue 4), kept in one object `config.portal` so the foundation's
 * config.ts only names it. Read from the environment by `loadPortalConfig`; tests build it with
 * `defaultPortalConfig({...})`.
 */
import { ConfigError } from './config-error.js';

/** An Amap-compatible weather API (GET url?key&city=<adcode>&extensions=base|all); see portal/weather.ts. */
export interface WeatherConfig {
  url: string;
  key: string;
  timeoutMs: number;
}

export interface PortalConfig {
  /** The concrete app POST /api/yt/v1.0/loginSkipPC opens (signed query appended). */
  concreteUrl: string;
  /** HMAC key shared with the concrete app; undefined = derived from the server's token key (stable per database). */
  concreteSecret: string | undefined;
  /** Undefined: no weather service, the card says 未配置天气服务. */
  weather: WeatherConfig | undefined;
  /** Largest accepted upload of POST /api/zhgd/base/updateFile, bytes. */
  uploadMaxBytes: number;
  /** Largest accepted attachment of POST /api/zhgd/base/uploadAttachment (PDF, Office, DWG, images), bytes. */
  attachmentMaxBytes: number;
  /** Largest file of a resumable upload (POST /api/files/uploads, tus), bytes. */
  resumableMaxBytes: number;
  /** Versions of the micro apps' version.json (the client reloads when one changes); '' = the package version. */
  systemProjectVersion: string;
  otherVersion: string;
}

export function defaultPortalConfig(overrides: Partial<PortalConfig> = {}): PortalConfig {
  return {
    concreteUrl: 'http://127.0.0.1:8080/app/gateway-page?concrete=demo',
    concreteSecret: undefined,
    weather: undefined,
    uploadMaxBytes: 5 * 1024 * 1024,
    attachmentMaxBytes: 50 * 1024 * 1024,
    resumableMaxBytes: 2 * 1024 * 1024 * 1024,
    systemProjectVersion: '',
    otherVersion: '',
    ...overrides,
  };
}

function httpUrl(name: string, value: string): string {
  if (!/^https?:\/\//.test(value) || !URL.canParse(value))
    throw new ConfigError(`${name} must be an http(s) URL, got "${value}"`);
  return value;
}

function byteLimit(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < 1024)
    throw new ConfigError(`${name} must be an integer >= 1024, got "${raw}"`);
  return value;
}

export function loadPortalConfig(env: NodeJS.ProcessEnv = process.env): PortalConfig {
  const host = env.HOST || '127.0.0.1';
  const port = env.PORT || '8080';
  let weather: WeatherConfig | undefined;
  if (env.PORTAL_WEATHER_URL || env.PORTAL_WEATHER_KEY) {
    if (!env.PORTAL_WEATHER_URL || !env.PORTAL_WEATHER_KEY)
      throw new ConfigError('PORTAL_WEATHER_URL and PORTAL_WEATHER_KEY go together');
    weather = {
      url: httpUrl('PORTAL_WEATHER_URL', env.PORTAL_WEATHER_URL),
      key: env.PORTAL_WEATHER_KEY,
      timeoutMs: 5000,
    };
  }
  const uploadMaxBytes = byteLimit(env, 'PORTAL_UPLOAD_MAX_BYTES', 5 * 1024 * 1024);
  const attachmentMaxBytes = byteLimit(env, 'PORTAL_ATTACHMENT_MAX_BYTES', 50 * 1024 * 1024);
  const resumableMaxBytes = byteLimit(env, 'PORTAL_RESUMABLE_MAX_BYTES', 2 * 1024 * 1024 * 1024);
  return defaultPortalConfig({
    // Without a concrete app of its own, an install points at a stand-in page of itself.
    concreteUrl: httpUrl(
      'PORTAL_CONCRETE_URL',
      env.PORTAL_CONCRETE_URL || `http://${host}:${port}/app/gateway-page?concrete=demo`,
    ),
    concreteSecret: env.PORTAL_CONCRETE_SECRET || undefined,
    weather,
    uploadMaxBytes,
    attachmentMaxBytes,
    resumableMaxBytes,
    systemProjectVersion: env.PORTAL_SYSTEM_PROJECT_VERSION || '',
    otherVersion: env.PORTAL_OTHER_VERSION || '',
  });
}
