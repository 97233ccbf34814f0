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
      requestLog: { everyRequest: false, slowMs: 1000 },
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

  it('logs every request only when asked', () => {
    expect(loadConfig({ PORTAL_REQUEST_LOG: '1' }).requestLog.everyRequest).toBe(true);
    expect(loadConfig({ LOG_LEVEL: 'debug' }).requestLog.everyRequest).toBe(true);
    expect(loadConfig({ LOG_LEVEL: 'debug', PORTAL_REQUEST_LOG: '0' }).requestLog.everyRequest).toBe(false);
    expect(loadConfig({ LOG_LEVEL: 'info' }).requestLog.everyRequest).toBe(false);
    expect(loadConfig({ PORTAL_SLOW_REQUEST_MS: '250' }).requestLog.slowMs).toBe(250);
    expect(() => loadConfig({ PORTAL_REQUEST_LOG: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORTAL_SLOW_REQUEST_MS: '0' })).toThrow(ConfigError);
  });

  it('refuses PORTAL_CAPTCHA_FIXED in production, and bad numbers', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PORTAL_CAPTCHA_FIXED: '1234' })).toThrow(ConfigError);
    expect(loadConfig({ PORTAL_CAPTCHA_FIXED: '1234' }).captchaFixed).toBe('1234');
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORTAL_SMS_PROVIDER: 'carrier-pigeon' })).toThrow(ConfigError);
  });

  it('keeps files in DATA_DIR/uploads unless PORTAL_STORAGE_URL names a bucket of object storage', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig({ PORTAL_STORAGE_URL: 'http://minio:9000/portal-files' }).s3).toEqual({
      endpoint: 'http://minio:9000',
      bucket: 'portal-files',
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: true,
    });
    const oss = loadConfig({
      PORTAL_STORAGE_URL: 'https://id:s%2Fcret@oss-cn-hangzhou.aliyuncs.com/site-photos?region=oss-cn-hangzhou',
    }).s3;
    expect(oss).toEqual({
      endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
      bucket: 'site-photos',
      region: 'oss-cn-hangzhou',
      credentials: { accessKeyId: 'id', secretAccessKey: 's/cret' },
      // OSS, COS and AWS address buckets by host name.
      forcePathStyle: false,
    });
    expect(loadConfig({ PORTAL_STORAGE_URL: 'http://minio:9000/portal-files?pathStyle=0' }).s3?.forcePathStyle).toBe(
      false,
    );
    const refused = [
      'minio:9000/portal-files',
      'ftp://minio/portal-files',
      'http://minio:9000',
      'http://minio:9000/Portal_Files',
      'http://key@minio:9000/portal-files',
      'http://minio:9000/portal-files?region=us%20east',
      'http://minio:9000/portal-files?pathStyle=yes',
    ];
    for (const url of refused) expect(() => loadConfig({ PORTAL_STORAGE_URL: url }), url).toThrow(ConfigError);
  });
});
