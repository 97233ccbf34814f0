/**
 * The HTTP SMS gateway adapter against a local fake gateway (node:http on port 0) that checks the key and the
 * signature like a real one; its failure paths; and the app answering -500 短信发送失败，请稍后重试 when it fails.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type SmsHttpConfig } from '../../src/server/config.js';
import { HttpSmsSender, smsSignature, type SmsGatewayRequest } from '../../src/server/accounts/sms/http-sender.js';
import { SmsDeliveryError } from '../../src/server/accounts/sms/sms-sender.js';
import { json, useTestApp } from './test-app.js';

const KEY = 'test-key';
const SECRET = 'test-secret';

interface Received {
  headers: IncomingMessage['headers'];
  raw: string;
  body: SmsGatewayRequest;
  signatureOk: boolean;
}

/** How the fake gateway answers the next requests. */
let behaviour: 'ok' | 'http-500' | 'refuse' | 'not-json' | 'hang' = 'ok';
const received: Received[] = [];
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      const timestamp = String((JSON.parse(raw) as SmsGatewayRequest).timestamp);
      const nonce = (JSON.parse(raw) as SmsGatewayRequest).nonce;
      const signatureOk =
        request.headers['x-sms-key'] === KEY &&
        request.headers['x-sms-signature'] === smsSignature(SECRET, timestamp, nonce, raw);
      received.push({ headers: request.headers, raw, body: JSON.parse(raw) as SmsGatewayRequest, signatureOk });
      if (behaviour === 'hang') return;
      if (!signatureOk) return void response.writeHead(401).end('{"code":"BAD_SIGNATURE"}');
      if (behaviour === 'http-500') return void response.writeHead(500).end('internal');
      response.writeHead(200, { 'content-type': 'application/json' });
      if (behaviour === 'not-json') return void response.end('<html>');
      response.end(JSON.stringify(behaviour === 'refuse' ? { code: 'LIMIT', message: 'over quota' } : { code: 'OK' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sms/send`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  behaviour = 'ok';
  received.length = 0;
});

const gateway = (overrides: Partial<SmsHttpConfig> = {}): SmsHttpConfig => ({
  url,
  key: KEY,
  secret: SECRET,
  signName: '智慧工地',
  templateCode: 'SMS_0001',
  timeoutMs: 10_000,
  ...overrides,
});

describe('HttpSmsSender', () => {
  const now = () => new Date('2026-03-02T02:00:00Z');

  it('posts the signed JSON the gateway expects', async () => {
    await new HttpSmsSender(gateway(), now).send({ phone: '13800000001', code: '123456', purpose: 'login' });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request.signatureOk).toBe(true);
    expect(request.headers['content-type']).toMatch(/^application\/json/);
    expect(request.body).toEqual({
      phone: '13800000001',
      signName: '智慧工地',
      templateCode: 'SMS_0001',
      params: { code: '123456' },
      timestamp: now().getTime(),
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
  });

  it('fails on a wrong secret (the gateway refuses the signature)', async () => {
    await expect(
      new HttpSmsSender(gateway({ secret: 'other' }), now).send({
        phone: '13800000001',
        code: '123456',
        purpose: 'login',
      }),
    ).rejects.toThrow(/HTTP 401/);
  });

  it.each([
    ['http-500', /HTTP 500/],
    ['refuse', /refused the message.*LIMIT/],
    ['not-json', /no JSON/],
  ] as const)('fails when the gateway answers %s, without the code in the reason', async (mode, reason) => {
    behaviour = mode;
    const sending = new HttpSmsSender(gateway(), now).send({ phone: '13800000001', code: '654321', purpose: 'login' });
    await expect(sending).rejects.toThrow(SmsDeliveryError);
    await expect(sending).rejects.toThrow(reason);
    await sending.catch((error: Error) => expect(error.message).not.toContain('654321'));
  });

  it('gives up after its timeout', async () => {
    behaviour = 'hang';
    await expect(
      new HttpSmsSender(gateway({ timeoutMs: 200 }), now).send({
        phone: '13800000001',
        code: '123456',
        purpose: 'login',
      }),
    ).rejects.toThrow(/no answer within 200 ms/);
  });

  it('fails when nothing listens', async () => {
    await expect(
      new HttpSmsSender(gateway({ url: 'http://127.0.0.1:1/none' }), now).send({
        phone: '13800000001',
        code: '123456',
        purpose: 'login',
      }),
    ).rejects.toThrow(/unreachable/);
  });
});

describe('configuration', () => {
  it('refuses PORTAL_SMS_PROVIDER=http without URL, KEY and SECRET', () => {
    expect(() => loadConfig({ PORTAL_SMS_PROVIDER: 'http' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ PORTAL_SMS_PROVIDER: 'http', PORTAL_SMS_HTTP_URL: url, PORTAL_SMS_HTTP_KEY: KEY }),
    ).toThrow(/PORTAL_SMS_HTTP_SECRET/);
    expect(() =>
      loadConfig({
        PORTAL_SMS_PROVIDER: 'http',
        PORTAL_SMS_HTTP_URL: 'ftp://x',
        PORTAL_SMS_HTTP_KEY: KEY,
        PORTAL_SMS_HTTP_SECRET: SECRET,
      }),
    ).toThrow(ConfigError);
    const config = loadConfig({
      PORTAL_SMS_PROVIDER: 'http',
      PORTAL_SMS_HTTP_URL: url,
      PORTAL_SMS_HTTP_KEY: KEY,
      PORTAL_SMS_HTTP_SECRET: SECRET,
      PORTAL_SMS_TEMPLATE: 'SMS_9',
    });
    expect(config.smsHttp).toEqual({
      url,
      key: KEY,
      secret: SECRET,
      signName: '智慧工地',
      templateCode: 'SMS_9',
      timeoutMs: 10_000,
    });
  });

  it('reads the other account settings', () => {
    expect(loadConfig({})).toMatchObject({
      passwordMaxAgeDays: 0,
      aiMobileVerify: true,
      aiSecret: undefined,
      ssoSecret: undefined,
    });
    expect(
      loadConfig({
        PORTAL_PASSWORD_MAX_AGE_DAYS: '90',
        PORTAL_AI_MOBILE_VERIFY: '0',
        PORTAL_AI_URL: 'https://ai.example.com/',
      }),
    ).toMatchObject({
      passwordMaxAgeDays: 90,
      aiMobileVerify: false,
      aiUrl: 'https://ai.example.com/',
    });
    expect(() => loadConfig({ PORTAL_AI_MOBILE_VERIFY: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORTAL_AI_URL: 'not a url' })).toThrow(ConfigError);
  });
});

describe('the app with the HTTP gateway', () => {
  // The gateway's address exists once the fake server listens (beforeAll above).
  const t = useTestApp(() => ({ smsProvider: 'http', smsHttp: gateway() }));

  const getCode = () =>
    t.app.inject({ method: 'GET', url: '/api/system/sendCode/getCode', query: { phone: '13800000001' } });

  it('sends the code through the gateway; a user logs in with it', async () => {
    expect(json(await getCode())).toEqual({ msgCode: 0, errMsg: '验证码已发送' });
    expect(received).toHaveLength(1);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { phone: '13800000001', smsCode: (received[0].body.params as { code: string }).code },
    });
    expect(json(login).msgCode).toBe(0);
  });

  it('answers -500 短信发送失败，请稍后重试 (HTTP 200) when the gateway fails, and the code does not count', async () => {
    behaviour = 'refuse';
    await t.db.deleteFrom('sms_code').execute();
    const failed = await getCode();
    expect(failed.statusCode).toBe(200);
    expect(json(failed)).toEqual({ msgCode: -500, errMsg: '短信发送失败，请稍后重试' });
    expect(await t.db.selectFrom('sms_code').select('id').execute()).toHaveLength(0);
    behaviour = 'ok';
    expect(json(await getCode()).msgCode).toBe(0);
  });
});
