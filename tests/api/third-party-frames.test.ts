/**
 * GET /api/zhgd/menu/frameCheck: whether a menu's third-party app lets the portal frame it, asked of the third
 * party (a small HTTP server here) at the menu's own address with the project's name in it; only for a menu the
 * caller may open. The origins the portal's documents may frame follow the menus at once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCallers } from './admin-helpers.js';
import { useTestApp } from './test-app.js';

let thirdParty: Server;
let origin = '';
const asked: string[] = [];
beforeAll(async () => {
  thirdParty = createServer((request, response) => {
    asked.push(request.url ?? '');
    const headers: Record<string, string> = { 'content-type': 'text/html' };
    if (request.url?.startsWith('/deny')) headers['x-frame-options'] = 'DENY';
    if (request.url?.startsWith('/csp')) headers['content-security-policy'] = "frame-ancestors 'none'";
    response.writeHead(200, headers);
    response.end('<p>档案</p>');
  });
  await new Promise<void>((resolve) => thirdParty.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(thirdParty.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => thirdParty?.close(() => resolve())));

const t = useTestApp();
const who = useCallers(t);

const pointAt = (url: string) =>
  t.db.updateTable('sys_menu').set({ third_party_url: url }).where('id', '=', 'other-archive').execute();
const check = (caller = who.admin, menuId = 'other-archive') =>
  caller.call<{ state: string; reason: string; address: string }>(
    'GET',
    `/api/zhgd/menu/frameCheck?menuId=${menuId}&projectName=${encodeURIComponent('滨江花园住宅工程')}`,
  );

describe('frameCheck', () => {
  it('asks the third party at the menu’s address with the project’s name, and reads its headers', async () => {
    await pointAt(`${origin}/ok?projectName={projectName}`);
    const allowed = await check();
    expect(allowed).toMatchObject({
      msgCode: 0,
      data: {
        state: 'allowed',
        reason: '',
        address: `${origin}/ok?projectName=${encodeURIComponent('滨江花园住宅工程')}`,
      },
    });
    expect(asked.at(-1)).toBe(`/ok?projectName=${encodeURIComponent('滨江花园住宅工程')}`);

    await pointAt(`${origin}/deny`);
    expect((await check()).data).toMatchObject({
      state: 'refused',
      reason: '对方设置了 X-Frame-Options: DENY，不允许任何网站内嵌',
    });
    await pointAt(`${origin}/csp`);
    expect((await check()).data!.state).toBe('refused');
  });

  it('says unknown when the server cannot reach the app', async () => {
    await pointAt('http://127.0.0.1:9/unreachable');
    expect((await check()).data).toMatchObject({ state: 'unknown' });
  });

  it('answers only for a menu with a third-party address that the caller may open', async () => {
    expect(await check(who.admin, 'no-such-menu')).toMatchObject({ msgCode: -403, errMsg: '无权访问该功能' });
    expect(await check(who.admin, 'aplicationCenter-index')).toMatchObject({ msgCode: -403 });
  });

  it('the documents may frame the origins of the menus’ third-party addresses, as the menus are now', async () => {
    await pointAt(`${origin}/ok`);
    await t.db
      .updateTable('cache_version')
      .set({ version: sql`version + 1` })
      .where('name', '=', 'menu-tree')
      .execute();
    expect(await t.app.services.portal.thirdPartyFrames.origins()).toContain(origin);
    await pointAt('https://archive.example.com/');
    await t.db
      .updateTable('cache_version')
      .set({ version: sql`version + 1` })
      .where('name', '=', 'menu-tree')
      .execute();
    expect(await t.app.services.portal.thirdPartyFrames.origins()).not.toContain(origin);
  });
});
