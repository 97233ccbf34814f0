/**
 * 系统管理 / 在线用户 (GET /api/system/online/list, DELETE /api/system/online/:id): the sessions signed in with
 * where they come from, for administrators only; 强退 ends a session on every instance (the refresh at once, the
 * access token within the session cache time), never the caller's own.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { TokenPair } from '../../src/shared/envelope.js';
import { useCallers, type PageData } from './admin-helpers.js';
import { DEMO, json, login, useTestApp } from './test-app.js';

interface OnlineRow {
  id: string;
  loginName: string;
  name: string;
  ipaddr: string;
  userAgent: string;
  loginTime: string;
  lastAccessTime: string;
  current: boolean;
}

const t = useTestApp();
const who = useCallers(t);

async function staffSession(userAgent: string): Promise<TokenPair> {
  const body = json<TokenPair>(await login(t.app, DEMO.staff.username, DEMO.staff.password, { userAgent }));
  expect(body.msgCode).toBe(0);
  return body.data!;
}

async function rowOf(userAgent: string): Promise<OnlineRow | undefined> {
  const list = await who.admin.call<PageData<OnlineRow>>('GET', '/api/system/online/list?loginName=staff&pageSize=100');
  expect(list.msgCode).toBe(0);
  return list.data!.dataList.find((row) => row.userAgent === userAgent);
}

/** The msgCode of an authenticated call with `token` on `app`. */
async function answerOf(app: FastifyInstance, token: string): Promise<number> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/user/getCurrentUser',
    headers: { 'access-token': token },
  });
  return json(response).msgCode;
}

async function refreshOn(app: FastifyInstance, refreshToken: string): Promise<number> {
  const response = await app.inject({ method: 'POST', url: '/api/token/refresh', payload: { refreshToken } });
  return json(response).msgCode;
}

describe('在线用户', () => {
  it('lists the sessions signed in, with address, browser and times; only administrators see it', async () => {
    const agent = 'Mozilla/5.0 (Linux; Android 14; 工地平板) Chrome/131.0';
    await staffSession(agent);
    const row = await rowOf(agent);
    expect(row).toMatchObject({ loginName: 'staff', name: '李施工员', ipaddr: '127.0.0.1', current: false });
    expect(Date.parse(row!.lastAccessTime)).toBeGreaterThanOrEqual(Date.parse(row!.loginTime));

    const own = await who.admin.call<PageData<OnlineRow>>('GET', '/api/system/online/list?loginName=admin');
    expect(own.data!.dataList.filter((session) => session.current)).toHaveLength(1);
    const elsewhere = await who.admin.call<PageData<OnlineRow>>('GET', '/api/system/online/list?ipaddr=10.9.9.9');
    expect(elsewhere.data).toMatchObject({ dataList: [], total: 0 });
    const tooLong = await who.admin.call('GET', `/api/system/online/list?ipaddr=${'1'.repeat(65)}`);
    expect(tooLong).toMatchObject({ msgCode: -400, errMsg: '登录地址不能超过64个字符' });

    for (const caller of [who.manager, who.staff])
      expect((await caller.call('GET', '/api/system/online/list')).msgCode).toBe(-403);
    expect((await who.none.call('GET', '/api/system/online/list')).msgCode).toBe(-401);
  });

  it('强退 ends the session on every instance, and is refused for one already gone or the caller’s own', async () => {
    const other = await t.sibling({});
    const agent = 'force-logout-check';
    const pair = await staffSession(agent);
    expect(await answerOf(t.app, pair.access_token)).toBe(0);
    expect(await answerOf(other, pair.access_token)).toBe(0);
    const { id } = (await rowOf(agent))!;

    expect((await who.manager.call('DELETE', `/api/system/online/${id}`)).msgCode).toBe(-403);
    expect(await who.admin.call('DELETE', `/api/system/online/${id}`)).toMatchObject({ msgCode: 0, errMsg: '已强退' });

    // The refresh fails on every instance at once; the access token here at once, on the other within its cache.
    expect(await refreshOn(other, pair.refresh_token)).toBe(-10014);
    expect(await answerOf(t.app, pair.access_token)).toBe(-10014);
    for (let i = 0; i < 200 && (await answerOf(other, pair.access_token)) === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await answerOf(other, pair.access_token)).toBe(-10014);

    expect(await rowOf(agent)).toBeUndefined();
    expect(await who.admin.call('DELETE', `/api/system/online/${id}`)).toMatchObject({
      msgCode: -404,
      errMsg: '该会话已结束',
    });
    const own = await who.admin.call<PageData<OnlineRow>>('GET', '/api/system/online/list?loginName=admin');
    const current = own.data!.dataList.find((session) => session.current)!;
    expect(await who.admin.call('DELETE', `/api/system/online/${current.id}`)).toMatchObject({
      msgCode: -409,
      errMsg: '不能强退自己当前的会话，请使用退出登录',
    });
  });
});
