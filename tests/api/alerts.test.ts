/**
 * Alerts that reach people (src/server/alerts, the modules' alerts/*.json): a hazard handed to its 整改责任人 tells
 * that person at once; nobody acting within the project's set hours escalates it to the next person of the list,
 * one more each period and never twice; acting (submitting the rectification) settles it and hands the next step's
 * alert to the reviewer; a passed deadline raises the overdue alert from the sweep; an alert switched off in a
 * project settles what is open. Messages also leave by SMS and by the project's WeCom and DingTalk robots for the
 * users who chose so, from an outbox written with the message. Time is the sweep's argument: no test sleeps.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useCallers, type Caller } from './admin-helpers.js';
import { useTestApp } from './test-app.js';
import { chinaDate } from '../../src/server/lib/china-time.js';
import { addDays } from '../../src/server/alerts/alert-files.js';

const t = useTestApp();
const who = useCallers(t);
const PROJECT = 'project-binjiang';
const HOUR = 3_600_000;
type Row = Record<string, unknown>;

async function ok<T = Row>(caller: Caller, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<T> {
  const answer = await caller.call<T>(method, url, body);
  expect(answer.msgCode, `${method} ${url}: ${answer.errMsg}`).toBe(0);
  return answer.data as T;
}

const today = () => chinaDate(new Date());

async function newHazard(description: string, deadline = addDays(today(), 3)): Promise<Row> {
  return ok(who.admin, 'POST', '/api/data/safety-hazard', {
    projectId: PROJECT,
    description,
    category: 'fall',
    level: 'general',
    location: '5号楼9层东侧临边',
    photos: ['/api/zhgd/base/file/09039bd1628a3c1b25fda3134a4fe050.jpg'],
    responsibleId: 'user-staff',
    reviewerId: 'user-manager',
    deadline,
  });
}

/** The caller's messages whose title contains `text`, newest first. */
async function messagesAbout(caller: Caller, text: string): Promise<Row[]> {
  const page = await ok<{ dataList: Row[] }>(caller, 'GET', '/api/MC/McMessageUser/v1.0/list?pageNo=1&pageSize=100');
  return page.dataList.filter((row) => String(row.title).includes(text));
}

const setting = (alertId: string, body: Row) =>
  who.admin.call<Row>('PUT', `/api/MC/AlertSetting/v1.0/${alertId}`, { projectId: PROJECT, ...body });

const sweepAt = (at: Date) => t.app.alerts.sweep(at);

describe('a hazard alert from assignment to escalation to closure', () => {
  it('tells the 整改责任人 at once, as a 隐患预警 linking to the hazard', async () => {
    const hazard = await newHazard('临边防护栏杆缺失（提醒测试一）');
    const told = await messagesAbout(who.staff, '临边防护栏杆缺失（提醒测试一）');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: '隐患待整改：临边防护栏杆缺失（提醒测试一）',
      kind: 'hazard-warning',
      kindLabel: '隐患预警',
      link: `/constructionSafety/hazard/${String(hazard.id)}`,
    });
    const open = await ok<{ dataList: Row[] }>(who.admin, 'GET', `/api/MC/AlertSetting/v1.0/open?projectId=${PROJECT}`);
    expect(open.dataList.some((row) => row.title === '隐患待整改：临边防护栏杆缺失（提醒测试一）')).toBe(true);
  });

  it('escalates to the next person of the project list after the set hours, once per period, then stops', async () => {
    expect(
      (
        await setting('hazard-assigned', {
          enabled: true,
          escalateAfterHours: 2,
          escalateTo: ['user-manager', 'user-admin'],
        })
      ).msgCode,
    ).toBe(0);
    const hazard = await newHazard('卸料平台限重牌缺失（提醒测试二）');
    const start = Date.now();
    const title = '升级提醒：隐患待整改：卸料平台限重牌缺失（提醒测试二）';

    await sweepAt(new Date(start + 1 * HOUR));
    expect(await messagesAbout(who.manager, '卸料平台限重牌缺失（提醒测试二）')).toHaveLength(0);

    await sweepAt(new Date(start + 2 * HOUR + 60_000));
    const manager = await messagesAbout(who.manager, '卸料平台限重牌缺失（提醒测试二）');
    expect(manager).toHaveLength(1);
    expect(manager[0]).toMatchObject({ title, link: `/constructionSafety/hazard/${String(hazard.id)}` });
    expect(String(manager[0].content)).toContain('超过 2 小时未处理');
    // The same moment again (a second instance, a retry): nobody is told twice.
    await sweepAt(new Date(start + 2 * HOUR + 60_000));
    expect(await messagesAbout(who.manager, '卸料平台限重牌缺失（提醒测试二）')).toHaveLength(1);
    expect(await messagesAbout(who.admin, title)).toHaveLength(0);

    await sweepAt(new Date(start + 4 * HOUR + 120_000));
    expect(await messagesAbout(who.admin, title)).toHaveLength(1);
    await sweepAt(new Date(start + 12 * HOUR));
    expect(await messagesAbout(who.admin, title)).toHaveLength(1);
    expect(await messagesAbout(who.manager, title)).toHaveLength(1);
  });

  it('settles when the responsible person acts, and hands the recheck to the reviewer', async () => {
    const hazard = await newHazard('塔吊标准节螺栓松动（提醒测试三）');
    const rectified = await ok<Row>(who.staff, 'POST', `/api/data/safety-hazard/${String(hazard.id)}/transition`, {
      action: 'rectify',
      version: hazard.version,
      rectifyRemark: '已按扭矩要求紧固全部螺栓',
      rectifyPhotos: ['/api/zhgd/base/file/af996f701c8d57179b9ef2ad95314bfc.jpg'],
    });
    expect(rectified.status).toBe('review');
    expect(await messagesAbout(who.manager, '隐患待复查：塔吊标准节螺栓松动（提醒测试三）')).toHaveLength(1);
    // The assigned alert is settled: even far past the escalation time nobody hears of it again.
    await sweepAt(new Date(Date.now() + 48 * HOUR));
    expect(await messagesAbout(who.manager, '升级提醒：隐患待整改：塔吊标准节螺栓松动（提醒测试三）')).toHaveLength(0);
    const open = await ok<{ dataList: Row[] }>(
      who.admin,
      'GET',
      `/api/MC/AlertSetting/v1.0/open?projectId=${PROJECT}&limit=100`,
    );
    expect(open.dataList.map((row) => row.title)).toContain('隐患待复查：塔吊标准节螺栓松动（提醒测试三）');
    expect(open.dataList.map((row) => row.title)).not.toContain('隐患待整改：塔吊标准节螺栓松动（提醒测试三）');
  });

  it('raises the overdue alert from the sweep once the deadline has passed, and not before', async () => {
    const deadline = addDays(today(), 1);
    await newHazard('基坑临边堆载超限（提醒测试四）', deadline);
    const china = (day: string) => new Date(`${day}T10:00:00+08:00`);
    await sweepAt(china(deadline));
    expect(await messagesAbout(who.staff, '隐患整改逾期：基坑临边堆载超限（提醒测试四）')).toHaveLength(0);
    const figures = await sweepAt(china(addDays(deadline, 1)));
    expect(figures.raised).toBeGreaterThanOrEqual(1);
    const told = await messagesAbout(who.staff, '隐患整改逾期：基坑临边堆载超限（提醒测试四）');
    expect(told).toHaveLength(1);
    expect(String(told[0].content)).toContain(`整改期限为 ${deadline}`);
    await sweepAt(china(addDays(deadline, 2)));
    expect(await messagesAbout(who.staff, '隐患整改逾期：基坑临边堆载超限（提醒测试四）')).toHaveLength(1);
  });

  it('switched off in a project, an alert settles what is open and raises nothing more', async () => {
    expect((await setting('hazard-assigned', { enabled: false })).msgCode).toBe(0);
    await newHazard('安全网破损（提醒测试五）');
    expect(await messagesAbout(who.staff, '安全网破损（提醒测试五）')).toHaveLength(0);
    const open = await ok<{ dataList: Row[] }>(
      who.admin,
      'GET',
      `/api/MC/AlertSetting/v1.0/open?projectId=${PROJECT}&limit=100`,
    );
    expect(open.dataList.some((row) => row.ruleId === 'hazard-assigned')).toBe(false);
    const list = await ok<{ dataList: Row[] }>(who.admin, 'GET', `/api/MC/AlertSetting/v1.0/list?projectId=${PROJECT}`);
    expect(list.dataList.find((row) => row.id === 'hazard-assigned')).toMatchObject({ enabled: false, openCount: 0 });
    expect((await setting('hazard-assigned', { enabled: true })).msgCode).toBe(0);
  });
});

describe('a certificate about to expire', () => {
  it('raises 证书即将到期 from the sweep 30 days before, to whoever entered it, and settles once renewed', async () => {
    const existing = await ok<{ dataList: Row[] }>(
      who.admin,
      'GET',
      `/api/data/labour-certificate?projectId=${PROJECT}&pageSize=1`,
    );
    const sample = existing.dataList[0];
    const expiryDate = addDays(today(), 20);
    const created = await ok<Row>(who.admin, 'POST', '/api/data/labour-certificate', {
      projectId: PROJECT,
      worker: sample.worker,
      type: sample.type,
      operation: '提醒测试七',
      number: `T${Date.now()}`,
      expiryDate,
    });
    // Already within 30 days when entered: told at once.
    const told = await messagesAbout(who.admin, '提醒测试七');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ kind: 'certificate-expiring', kindLabel: '证书到期' });
    expect(String(told[0].content)).toContain(`有效期至 ${expiryDate}`);
    await sweepAt(new Date());
    expect(await messagesAbout(who.admin, '提醒测试七')).toHaveLength(1);
    // Renewed: the alert settles; the new date is far off, so nothing is raised.
    await ok(who.admin, 'PUT', `/api/data/labour-certificate/${String(created.id)}`, {
      worker: sample.worker,
      type: sample.type,
      operation: '提醒测试七',
      number: created.number,
      expiryDate: addDays(today(), 3 * 365),
      version: created.version,
    });
    const open = await ok<{ dataList: Row[] }>(
      who.admin,
      'GET',
      `/api/MC/AlertSetting/v1.0/open?projectId=${PROJECT}&limit=100`,
    );
    expect(open.dataList.some((row) => String(row.title).includes('提醒测试七'))).toBe(false);
  });
});

describe('a project alert setting', () => {
  it('lists every alert the modules declare with its defaults', async () => {
    const list = await ok<{ dataList: Row[] }>(
      who.admin,
      'GET',
      `/api/MC/AlertSetting/v1.0/list?projectId=project-highway`,
    );
    const byId = new Map(list.dataList.map((row) => [row.id, row]));
    expect(byId.get('hazard-overdue')).toMatchObject({
      title: '隐患整改逾期',
      kindLabel: '隐患预警',
      enabled: true,
      escalateAfterHours: 4,
      escalateToNames: '未设置',
    });
    expect(byId.get('device-warning')).toMatchObject({ kindLabel: '设备预警' });
  });

  it('refuses an escalation time without people, people outside the project, and callers without the grant', async () => {
    const noPeople = await setting('hazard-overdue', { enabled: true, escalateAfterHours: 3, escalateTo: [] });
    expect(noPeople).toMatchObject({ msgCode: -400, errMsg: '请选择升级接收人，或清空升级时限' });
    const stranger = await setting('hazard-overdue', {
      enabled: true,
      escalateAfterHours: 3,
      escalateTo: ['user-nobody'],
    });
    expect(stranger).toMatchObject({ msgCode: -400, errMsg: '升级接收人须为本项目的成员' });
    const tooSoon = await setting('hazard-overdue', { enabled: true, escalateAfterHours: 0 });
    expect(tooSoon).toMatchObject({ msgCode: -400, errMsg: '升级时限须大于0小时' });
    const staff = await who.staff.call('PUT', '/api/MC/AlertSetting/v1.0/hazard-overdue', {
      projectId: PROJECT,
      enabled: false,
    });
    expect(staff.msgCode).toBe(-403);
    const unknown = await setting('no-such-alert', { enabled: true });
    expect(unknown.msgCode).toBe(-404);
  });
});

describe('messages by SMS and group robot', () => {
  const posts: { url: string; body: Row }[] = [];
  let robot: Server;
  let base = '';

  beforeAll(async () => {
    robot = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      request.on('end', () => {
        posts.push({ url: request.url ?? '', body: JSON.parse(raw) as Row });
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ errcode: 0, errmsg: 'ok' }));
      });
    });
    await new Promise<void>((resolve) => robot.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(robot.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => robot.close(() => resolve())));

  it('lists every kind with the message centre always on, and saves a choice', async () => {
    const list = await ok<{ dataList: Row[] }>(who.staff, 'GET', '/api/MC/McMessagePreference/v1.0/list');
    expect(list.dataList.find((row) => row.kind === 'hazard-warning')).toMatchObject({
      kindLabel: '隐患预警',
      inApp: '1',
      sms: false,
      robot: false,
    });
    expect(list.dataList.find((row) => row.kind === 'approval-task')).toBeDefined();
    const saved = await ok<Row>(who.staff, 'PUT', '/api/MC/McMessagePreference/v1.0/hazard-warning', {
      sms: true,
      robot: true,
    });
    expect(saved).toMatchObject({ sms: true, robot: true });
    expect((await who.staff.call('PUT', '/api/MC/McMessagePreference/v1.0/no-such-kind', { sms: true })).msgCode).toBe(
      -400,
    );
  });

  it('keeps a robot secret unread and refuses an address that is not http(s)', async () => {
    const bad = await who.admin.call('PUT', `/api/MC/ProjectRobot/v1.0/${PROJECT}`, {
      wecomUrl: 'ftp://example.com/hook',
    });
    expect(bad).toMatchObject({ msgCode: -400, errMsg: '请输入 http:// 或 https:// 开头的机器人地址' });
    const saved = await ok<Row>(who.admin, 'PUT', `/api/MC/ProjectRobot/v1.0/${PROJECT}`, {
      wecomUrl: `${base}/cgi-bin/webhook/send?key=test`,
      dingtalkUrl: `${base}/robot/send?access_token=test`,
      dingtalkSecret: 'SECtest',
    });
    expect(saved).toMatchObject({ wecomUrl: `${base}/cgi-bin/webhook/send?key=test`, dingtalkSecret: '******' });
    const list = await ok<{ dataList: Row[] }>(who.admin, 'GET', '/api/MC/ProjectRobot/v1.0/list?pageNo=1&pageSize=50');
    expect(list.dataList.find((row) => row.id === PROJECT)).toMatchObject({ dingtalkSecret: '******' });
    expect((await who.staff.call('GET', '/api/MC/ProjectRobot/v1.0/list')).msgCode).toBe(-403);
  });

  it('sends a hazard alert to the phone and both group robots, mentioning the recipient, exactly once', async () => {
    await newHazard('外架剪刀撑不连续（提醒测试六）');
    const waiting = await t.db
      .selectFrom('message_outbox')
      .selectAll()
      .where('title', 'like', '%提醒测试六%')
      .execute();
    expect(waiting.map((row) => row.channel).sort()).toEqual(['robot', 'sms']);
    const figures = await t.app.services.messageOutbox.drain();
    expect(figures.failed).toBe(0);
    const wecom = posts.find((post) => post.url.startsWith('/cgi-bin/webhook/send'));
    expect(wecom?.body).toMatchObject({
      msgtype: 'text',
      text: { mentioned_mobile_list: ['13800000003'] },
    });
    expect(JSON.stringify(wecom?.body)).toContain('外架剪刀撑不连续（提醒测试六）');
    const dingtalk = posts.find((post) => post.url.startsWith('/robot/send'));
    expect(dingtalk?.url).toMatch(/timestamp=\d+&sign=/);
    expect(dingtalk?.body).toMatchObject({ msgtype: 'text', at: { atMobiles: ['13800000003'] } });
    const outbox = path.join(t.config.dataDir, 'sms-outbox.jsonl');
    expect(existsSync(outbox)).toBe(true);
    const lines = readFileSync(outbox, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Row);
    expect(lines.filter((line) => line.purpose === 'notice' && String(line.text).includes('提醒测试六'))).toEqual([
      expect.objectContaining({ phone: '13800000003' }),
    ]);
    const again = await t.app.services.messageOutbox.drain();
    expect(again.sent).toBe(0);
    const sent = await t.db
      .selectFrom('message_outbox')
      .select('sent_at')
      .where('title', 'like', '%提醒测试六%')
      .execute();
    expect(sent.every((row) => row.sent_at !== null)).toBe(true);
  });
});
