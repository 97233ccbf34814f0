/**
 * Input that must be refused at the edge with a Chinese -400 instead of a server failure: NUL bytes anywhere a value
 * could reach the database, malformed JSON on the routes with their own body parser, broken multipart bodies.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, json, loginTokens, useTestApp } from './test-app.js';

const t = useTestApp();
let token = '';
beforeAll(async () => {
  token = (await loginTokens(t.app, DEMO.admin.username, DEMO.admin.password)).access_token;
});

describe('NUL bytes', () => {
  it('are refused in a path without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/register/company/%00/list' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ msgCode: -400, errMsg: '请求中含有不允许的空字符' });
  });

  it('are refused in a path, a query and a body of a logged-in call', async () => {
    const headers = { 'access-token': token };
    for (const request of [
      { method: 'GET' as const, url: '/api/system/dictionary/%00' },
      { method: 'GET' as const, url: '/api/system/dictionary/list?type=a%00b' },
      {
        method: 'POST' as const,
        url: '/api/system/dictionary',
        payload: { type: 'nul', label: 'a\u0000b', value: 'x1' },
      },
      {
        method: 'POST' as const,
        url: '/api/system/dictionary',
        payload: { type: 'nul', label: ['\u0000'], value: 'x1' },
      },
    ]) {
      const response = await t.app.inject({ ...request, headers });
      expect(response.statusCode, request.url).toBe(200);
      expect(json(response), request.url).toMatchObject({ msgCode: -400, errMsg: '请求中含有不允许的空字符' });
    }
  });

  it('are refused in a JSON key', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/system/dictionary',
      headers: { 'access-token': token, 'content-type': 'application/json' },
      payload: '{"ty\\u0000pe":"nul","label":"a","value":"x1"}',
    });
    expect(json(response)).toMatchObject({ msgCode: -400 });
  });
});

describe('malformed bodies', () => {
  it('companyTree answers -400 for malformed JSON and still takes an empty body', async () => {
    const headers = { 'access-token': token, 'content-type': 'application/json' };
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/device/base/v2.0/companyTree',
      headers,
      payload: '{"a":',
    });
    expect(bad.statusCode).toBe(200);
    expect(json(bad)).toMatchObject({ msgCode: -400, errMsg: '请求体不是有效的 JSON' });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/device/base/v2.0/companyTree',
      headers,
      payload: '',
    });
    expect(json(empty).msgCode).toBe(0);
  });

  it.each(['/api/zhgd/base/updateFile', '/api/user/v1.0/importUserInfo'])(
    '%s answers -400 for a broken multipart body',
    async (url) => {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'access-token': token, 'content-type': 'multipart/form-data; boundary=zzz' },
        payload: '{"a":1}',
      });
      expect(response.statusCode).toBe(200);
      expect(json(response).msgCode).toBe(-400);
      expect(json(response).errMsg).toMatch(/[\u4e00-\u9fff]/);
    },
  );
});

describe('caching', () => {
  it('authenticated JSON answers carry Cache-Control: no-store', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user/getCurrentUser',
      headers: { 'access-token': token },
    });
    expect(json(response).msgCode).toBe(0);
    expect(response.headers['cache-control']).toBe('no-store');
    const menus = await t.app.inject({
      method: 'POST',
      url: '/api/device/base/v2.0/companyTree',
      headers: { 'access-token': token },
    });
    expect(menus.headers['cache-control']).toBe('no-store');
  });

  it('a route that may be cached keeps its own header', async () => {
    const keys = await t.app.inject({ method: 'GET', url: '/api/pub/keys' });
    expect(keys.headers['cache-control']).toBe('no-cache');
  });
});
