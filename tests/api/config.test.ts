import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/server/config.js';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      demo: false,
      smsProvider: 'outbox',
      captchaFixed: undefined,
      accessTtlSeconds: 1800,
      refreshTtlSeconds: 7 * 24 * 3600,
      logLevel: 'info',
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.webDir.endsWith('/dist')).toBe(true);
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '9000',
      PORTAL_DEMO: '1',
      DATABASE_URL: 'postgres://x/y',
      PORTAL_ACCESS_TTL_SECONDS: '60',
    });
    expect(config).toMatchObject({ port: 9000, demo: true, databaseUrl: 'postgres://x/y', accessTtlSeconds: 60 });
  });

  it('refuses PORTAL_CAPTCHA_FIXED in production, and bad numbers', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PORTAL_CAPTCHA_FIXED: '1234' })).toThrow(ConfigError);
    expect(loadConfig({ PORTAL_CAPTCHA_FIXED: '1234' }).captchaFixed).toBe('1234');
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORTAL_SMS_PROVIDER: 'carrier-pigeon' })).toThrow(ConfigError);
  });
});
