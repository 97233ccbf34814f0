/**
 * The message centre and the event stream: notices reach exactly their audience, read / read-all / delete touch
 * only the caller's own messages, personalTotal counts, notice HTML is sanitized, publishing needs its grant, and
 * an event written through one app instance reaches a stream open on another instance over the same database
 * exactly once (LISTEN/NOTIFY), while a stream without a valid ticket is refused.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessagePage } from '../../src/server/messages/messages.js';
import type { NoticeDetail } from '../../src/server/messages/notices.js';
import { openStream } from '../support/event-stream.js';
import { addOtherCompany, callerWith, useLogins } from './portal-helpers.js';
import { json, loginTokens, DEMO, useTestApp } from './test-app.js';

const t = useTestApp();
beforeAll(() => addOtherCompany(t.db));
const [admin, manager, staff, other] = useLogins(t, 'admin', 'manager', 'staff', 'other');

const userIdsOfNotice = async (noticeId: string) =>
  (
    await t.db
      .selectFrom('portal_message')
      .select('user_id')
      .where('notice_id', '=', noticeId)
      .orderBy('user_id')
      .execute()
  ).map((r) => r.user_id);

const publish = (payload: Record<string, unknown>) =>
  admin.post<{ id: string; recipients: number }>('/api/MC/McNotice/v1.0', payload);

describe('notices', () => {
  it('a notice to a role reaches exactly its members; to all, every enabled user', async () => {
    const members = (
      await t.db.selectFrom('sys_user_role').select('user_id').where('role_id', '=', 'role-site-staff').execute()
    ).map((r) => r.user_id);
    expect(members.length).toBeGreaterThan(0);
    const toRole = await publish({
      title: '班前安全讲话',
      content: '<p>明早七点集合</p>',
      audience: 'role',
      roleId: 'role-site-staff',
    });
    expect(toRole.msgCode).toBe(0);
    expect(toRole.data!.recipients).toBe(members.length);
    expect(await userIdsOfNotice(toRole.data!.id)).toEqual([...members].sort());

    const everyone = await t.db
      .selectFrom('sys_user')
      .select('id')
      .where('del_flag', '=', '0')
      .where('login_flag', '=', '1')
      .execute();
    const toAll = await publish({ title: '节前停工通知', content: '<p>全体停工检查</p>', audience: 'all' });
    expect(toAll.data!.recipients).toBe(everyone.length);

    // Reading: the staff reads the role's notice, the manager (not in the role) does not find it.
    const forStaff = await staff.get<NoticeDetail>(`/api/MC/McNotice/v1.0/${toRole.data!.id}`);
    expect(forStaff).toMatchObject({ msgCode: 0, data: { title: '班前安全讲话', audienceLabel: expect.any(String) } });
    expect((await manager.get(`/api/MC/McNotice/v1.0/${toRole.data!.id}`)).msgCode).toBe(-404);
    const managerList = await manager.get<{ dataList: { id: string }[] }>('/api/MC/McNotice/v1.0/list');
    expect(managerList.data!.dataList.map((n) => n.id)).toContain(toAll.data!.id);
    expect(managerList.data!.dataList.map((n) => n.id)).not.toContain(toRole.data!.id);
    // Opening the notice read the staff's message of it.
    const staffMessage = await t.db
      .selectFrom('portal_message')
      .select('read_at')
      .where('notice_id', '=', toRole.data!.id)
      .executeTakeFirstOrThrow();
    expect(staffMessage.read_at).not.toBeNull();
  });

  it('a notice to an office reaches its members and those of its sub-offices, and only they read it', async () => {
    // 华东区域 (office-east): the manager works there, the staff in its 滨江 project department; the admin in IT.
    const body = await publish({
      title: '华东区域防汛值班安排',
      content: '<p>请按排班表值守</p>',
      audience: 'office',
      officeId: 'office-east',
    });
    expect(body.msgCode).toBe(0);
    const reached = await userIdsOfNotice(body.data!.id);
    expect(reached).toContain('user-manager');
    expect(reached).toContain('user-staff');
    expect(reached).not.toContain('user-admin');
    expect(body.data!.recipients).toBe(reached.length);
    expect((await staff.get(`/api/MC/McNotice/v1.0/${body.data!.id}`)).msgCode).toBe(0);
    expect((await manager.get(`/api/MC/McNotice/v1.0/${body.data!.id}`)).msgCode).toBe(0);
    expect(
      await publish({ title: '无此机构', content: '<p>x</p>', audience: 'office', officeId: 'office-none' }),
    ).toMatchObject({
      msgCode: -400,
      errMsg: '接收机构不存在',
    });
  });

  it("a publisher who sees only their company reaches and is read by that company's people only", async () => {
    const everyone = await publish({ title: '全系统通知', content: '<p>所有公司</p>', audience: 'all' });
    expect(await userIdsOfNotice(everyone.data!.id)).toContain('user-other');
    const ownCompany = await t.app.services.notices.publish(
      { title: '公司内部通知', content: '<p>仅本公司</p>', audience: 'all' },
      'user-manager',
      { all: false, companyId: 'office-company' },
    );
    const reached = await userIdsOfNotice(ownCompany.id);
    expect(reached).toEqual(expect.arrayContaining(['user-admin', 'user-manager', 'user-staff']));
    expect(reached).not.toContain('user-other');
    expect((await other.get(`/api/MC/McNotice/v1.0/${ownCompany.id}`)).msgCode).toBe(-404);
    expect((await staff.get(`/api/MC/McNotice/v1.0/${ownCompany.id}`)).msgCode).toBe(0);
    const otherList = await other.get<{ dataList: { id: string }[] }>('/api/MC/McNotice/v1.0/list');
    expect(otherList.data!.dataList.map((n) => n.id)).toEqual(expect.arrayContaining([everyone.data!.id]));
    expect(otherList.data!.dataList.map((n) => n.id)).not.toContain(ownCompany.id);
    // An office of another company is unknown to such a publisher.
    await expect(
      t.app.services.notices.publish(
        { title: '越界', content: '<p>x</p>', audience: 'office', officeId: 'office-other' },
        'user-manager',
        { all: false, companyId: 'office-company' },
      ),
    ).rejects.toMatchObject({ message: '接收机构不存在' });
  });

  it('stores sanitized HTML only, and checks the audience and the grant', async () => {
    const body = await publish({
      title: '含脚本的通知',
      content:
        '<p onclick="steal()">正文<script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">链接</a></p>',
      audience: 'all',
    });
    expect(body.msgCode).toBe(0);
    const notice = await admin.get<NoticeDetail>(`/api/MC/McNotice/v1.0/${body.data!.id}`);
    expect(notice.data!.content).toBe('<p>正文<a target="_blank" rel="noopener noreferrer">链接</a></p>');

    expect(await publish({ title: '无内容', content: '<script>x</script>', audience: 'all' })).toMatchObject({
      msgCode: -400,
      errMsg: '请输入通知内容',
    });
    expect(await publish({ title: '缺角色', content: '<p>x</p>', audience: 'role' })).toMatchObject({
      msgCode: -400,
      errMsg: '请选择接收角色',
    });
    expect(
      await publish({
        title: '附件',
        content: '<p>x</p>',
        audience: 'all',
        attachments: ['https://evil.example/a.png'],
      }),
    ).toMatchObject({
      msgCode: -400,
      errMsg: '附件只能是本系统上传的文件',
    });
    expect(await publish({ content: '<p>x</p>', audience: 'all' })).toMatchObject({
      msgCode: -400,
      errMsg: '请输入通知标题',
    });
    expect(
      (await staff.post('/api/MC/McNotice/v1.0', { title: '越权', content: '<p>x</p>', audience: 'all' })).msgCode,
    ).toBe(-403);
    expect(
      (await manager.post('/api/MC/McNotice/v1.0', { title: '越权', content: '<p>x</p>', audience: 'all' })).msgCode,
    ).toBe(-403);
  });
});

describe('my messages', () => {
  it("read, read-all and delete touch only the caller's own messages; personalTotal counts", async () => {
    const total = async (caller: typeof staff) =>
      (await caller.get<number>('/api/MC/McMessageUser/v1.0/personalTotal')).data!;
    await t.app.services.messages.send({
      userIds: ['user-staff', 'user-manager'],
      kind: 'hazard-warning',
      title: '隐患逾期未整改',
      content: '3号楼临边防护缺失，已逾期',
      link: '/constructionSafety/hazard',
    });
    const staffBefore = await total(staff);
    const managerBefore = await total(manager);
    const list = await staff.get<MessagePage>('/api/MC/McMessageUser/v1.0/list', {
      kind: 'hazard-warning',
      readFlag: '0',
    });
    expect(list.data!.dataList[0]).toMatchObject({
      title: '隐患逾期未整改',
      kindLabel: '隐患预警',
      link: '/constructionSafety/hazard',
      readFlag: '0',
    });
    expect(list.data!.total).toBe(list.data!.dataList.length);
    const unreadOfStaff = (
      await staff.get<MessagePage>('/api/MC/McMessageUser/v1.0/list', { readFlag: '0', pageSize: '100' })
    ).data!;
    expect(unreadOfStaff.total).toBe(staffBefore);

    const mine = list.data!.dataList[0].id;
    const managersRow = await t.db
      .selectFrom('portal_message')
      .select('id')
      .where('user_id', '=', 'user-manager')
      .where('title', '=', '隐患逾期未整改')
      .executeTakeFirstOrThrow();
    // Someone else's message: not found, for read and delete alike.
    expect((await staff.post('/api/MC/McMessageUser/v1.0/read', { id: managersRow.id })).msgCode).toBe(-404);
    expect(
      (await staff.raw({ method: 'DELETE', url: `/api/MC/McMessageUser/v1.0/${managersRow.id}` })).json(),
    ).toMatchObject({ msgCode: -404 });

    expect((await staff.post('/api/MC/McMessageUser/v1.0/read', { id: mine })).msgCode).toBe(0);
    expect(await total(staff)).toBe(staffBefore - 1);
    const readAll = await staff.post<{ count: number }>('/api/MC/McMessageUser/v1.0/readAll');
    expect(readAll.data!.count).toBe(staffBefore - 1);
    expect(await total(staff)).toBe(0);
    expect(await total(manager)).toBe(managerBefore);

    expect((await staff.raw({ method: 'DELETE', url: `/api/MC/McMessageUser/v1.0/${mine}` })).json()).toMatchObject({
      msgCode: 0,
    });
    expect(
      await t.db.selectFrom('portal_message').select('id').where('id', '=', mine).executeTakeFirst(),
    ).toBeUndefined();
    expect(
      await t.db.selectFrom('portal_message').select('id').where('id', '=', managersRow.id).executeTakeFirst(),
    ).toBeDefined();
    expect((await staff.get('/api/MC/McMessageUser/v1.0/list', { kind: 'nonsense' })).msgCode).toBe(-400);
  });
});

describe('event stream across instances', () => {
  let other: FastifyInstance;
  let base: string;
  beforeAll(async () => {
    other = await t.sibling({});
    await other.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(other.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await other?.close();
  });

  it('refuses a stream without a valid ticket, and a ticket twice', async () => {
    for (const url of ['/api/events', '/api/events?ticket=abc', `/api/events?ticket=${'A'.repeat(43)}`])
      expect(json(await other.inject({ method: 'GET', url })).msgCode).toBe(-401);
    expect((await t.app.inject({ method: 'POST', url: '/api/events/ticket' })).json()).toMatchObject({ msgCode: -401 });
    const { ticket } = (await staff.post<{ ticket: string }>('/api/events/ticket')).data!;
    const stream = await openStream(base, ticket);
    expect(stream.status).toBe(200);
    stream.close();
    expect(json(await other.inject({ method: 'GET', url: `/api/events?ticket=${ticket}` })).msgCode).toBe(-401);

    // A ticket of a session that has ended since opens nothing.
    const session = await loginTokens(t.app, DEMO.staff.username, DEMO.staff.password);
    const caller = callerWith(t.app, session.access_token);
    const late = (await caller.post<{ ticket: string }>('/api/events/ticket')).data!.ticket;
    expect((await caller.post('/api/logout', { refreshToken: session.refresh_token })).msgCode).toBe(0);
    expect(json(await other.inject({ method: 'GET', url: `/api/events?ticket=${late}` })).msgCode).toBe(-401);
  });

  it('an event written on one instance reaches a stream open on another, exactly once', async () => {
    // The staff logs in through the other instance too: tokens are shared, the ticket is asked of the first one.
    const tokens = await loginTokens(t.app, DEMO.staff.username, DEMO.staff.password);
    const { ticket } = (await callerWith(t.app, tokens.access_token).post<{ ticket: string }>('/api/events/ticket'))
      .data!;
    const stream = await openStream(base, ticket);
    try {
      const arrived = stream.next('message');
      await t.app.services.messages.send({
        userIds: ['user-staff'],
        kind: 'urge',
        title: '请尽快审批',
        content: '材料采购申请待您审批',
      });
      expect(await arrived).toMatchObject({ type: 'message', data: { kind: 'urge', title: '请尽快审批' } });
      // A marker sent afterwards on the same channel: once it is here, any duplicate of the first would be too.
      const marker = stream.next('test.marker');
      await t.app.services.events.publish({ userIds: ['user-staff'] }, { type: 'test.marker', data: {} });
      await marker;
      expect(stream.events.filter((e) => e.type === 'message')).toHaveLength(1);
      // Someone else's event never reaches this stream.
      await t.app.services.messages.send({ userIds: ['user-manager'], kind: 'urge', title: '给经理', content: '' });
      const marker2 = stream.next('test.marker');
      await t.app.services.events.publish({ userIds: ['user-staff'] }, { type: 'test.marker', data: {} });
      await marker2;
      expect(stream.events.filter((e) => e.type === 'message')).toHaveLength(1);
      // Reading elsewhere tells this page the count changed.
      const changed = stream.next('message.read');
      await staff.post('/api/MC/McMessageUser/v1.0/readAll');
      await changed;
      // So does withdrawing a notice the staff had not read.
      const notice = await publish({
        title: '临时通知',
        content: '<p>稍后撤回</p>',
        audience: 'role',
        roleId: 'role-site-staff',
      });
      const withdrawn = stream.next('message.read');
      expect(
        (await admin.raw({ method: 'DELETE', url: `/api/MC/McNotice/v1.0/${notice.data!.id}` })).json(),
      ).toMatchObject({
        msgCode: 0,
      });
      await withdrawn;
      expect(await userIdsOfNotice(notice.data!.id)).toEqual([]);
    } finally {
      stream.close();
    }
  });

  it('closing an instance ends its open streams instead of waiting for them', async () => {
    const third = await t.sibling({});
    await third.listen({ port: 0, host: '127.0.0.1' });
    const { ticket } = (await staff.post<{ ticket: string }>('/api/events/ticket')).data!;
    const stream = await openStream(`http://127.0.0.1:${(third.server.address() as AddressInfo).port}`, ticket);
    expect(stream.status).toBe(200);
    await third.close();
    await stream.ended;
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    'delivers again after the LISTEN connection was cut (PostgreSQL)',
    async () => {
      const { ticket } = (await staff.post<{ ticket: string }>('/api/events/ticket')).data!;
      const stream = await openStream(base, ticket);
      try {
        await sql`select pg_terminate_backend(pid) from pg_stat_activity
                where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`.execute(
          t.db,
        );
        // The listeners reconnect on their own (after half a second first): keep announcing until one arrives.
        const arrived = stream.next('test.again');
        let received = false;
        void arrived.then(() => (received = true));
        await expect
          .poll(
            async () => {
              if (!received)
                await t.app.services.events.publish({ userIds: ['user-staff'] }, { type: 'test.again', data: {} });
              return received;
            },
            { timeout: 15_000, interval: 300 },
          )
          .toBe(true);
      } finally {
        stream.close();
      }
    },
  );
});
