/**
 * 系统管理 / 定时任务 (/api/system/job/...): the schedules with the Chinese name their registrant gave, rule, state,
 * last and next run; 执行一次 sends a job with the schedule's payload that runs; 暂停 holds on another instance and
 * across a restart (a new JobQueue registering the schedule again on the same database) until 恢复 restores the
 * rule; the job log of every queue with its filters, 重试 of a failed job and 取消 of a waiting one; administrators
 * only.
 */
import { describe, expect, it } from 'vitest';
import { JobQueue } from '../../src/server/jobs/queue.js';
import type { JobInfo, JobName } from '../../src/server/jobs/types.js';
import { useCallers, type PageData } from './admin-helpers.js';
import { useTestApp } from './test-app.js';

declare module '../../src/server/jobs/types.js' {
  interface JobPayloads {
    'test-screen-tick': { n: number };
    'test-screen-flaky': Record<string, never>;
    'test-screen-later': Record<string, never>;
  }
}

interface ScheduleRow {
  id: string;
  name: string;
  label: string;
  cron: string;
  timeZone: string;
  status: string;
  paused: boolean;
  lastRunAt: string;
  lastRunState: string;
  lastRunError: string;
  nextRunAt: string;
  failedLastDay: number;
}

interface JobRow {
  id: string;
  name: string;
  label: string;
  state: string;
  attempts: string;
  ownerName: string;
  ranBy: string;
  createdAt: string;
  startedAt: string;
  finishedAt: string;
  error: string;
  retryable: boolean;
  cancellable: boolean;
}

const POLL_MS = 50;
const TICK = 'test-screen-tick';

const t = useTestApp({ jobPollMs: POLL_MS });
const who = useCallers(t);

async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`gave up waiting for ${what}`);
}

async function finished(name: JobName, id: string): Promise<JobInfo> {
  return until(async () => {
    const job = await t.app.jobs.get(name, id);
    return job && ['completed', 'failed', 'cancelled'].includes(job.state) ? job : undefined;
  }, `job ${id} to finish`);
}

async function schedules(): Promise<ScheduleRow[]> {
  const answer = await who.admin.call<ScheduleRow[]>('GET', '/api/system/job/schedules');
  expect(answer.msgCode).toBe(0);
  return answer.data!;
}

const scheduleOf = async (name: string) => (await schedules()).find((row) => row.name === name);

async function logRow(queue: string, id: string): Promise<JobRow | undefined> {
  const list = await who.admin.call<PageData<JobRow>>('GET', `/api/system/job/log/list?queue=${queue}&pageSize=100`);
  expect(list.msgCode).toBe(0);
  return list.data!.dataList.find((row) => row.id === id);
}

const ran: { n: number }[] = [];

describe('定时任务', () => {
  it('lists every schedule with its name, rule, state and next run; only administrators see it', async () => {
    t.app.jobs.work(TICK, async (job) => void ran.push(job.payload), { label: '测试定时任务' });
    await t.app.jobs.schedule(TICK, '0 3 * * *', { n: 7 });

    const row = await scheduleOf(TICK);
    expect(row).toMatchObject({
      id: TICK,
      label: '测试定时任务',
      cron: '0 3 * * *',
      timeZone: 'Asia/Shanghai',
      status: 'normal',
      paused: false,
      lastRunAt: '',
      lastRunState: '',
      failedLastDay: 0,
    });
    // 03:00 China time (19:00 UTC), within a day.
    const next = new Date(row!.nextRunAt);
    expect(next.getUTCHours()).toBe(19);
    expect(next.getTime() - Date.now()).toBeGreaterThan(0);
    expect(next.getTime() - Date.now()).toBeLessThanOrEqual(86_400_000);
    // A module's own job, named by the module.
    expect(await scheduleOf('iot-retention')).toMatchObject({ label: '设备数据清理', cron: '30 3 * * *' });

    const queues = await who.admin.call<{ value: string; label: string }[]>('GET', '/api/system/job/queues');
    expect(queues.data).toEqual(expect.arrayContaining([{ value: TICK, label: '测试定时任务' }]));

    for (const url of ['/api/system/job/schedules', '/api/system/job/log/list', '/api/system/job/queues']) {
      for (const caller of [who.manager, who.staff]) expect((await caller.call('GET', url)).msgCode).toBe(-403);
      expect((await who.none.call('GET', url)).msgCode).toBe(-401);
    }
  });

  it("执行一次 sends a job with the schedule's payload, which runs and shows in the log as the caller's", async () => {
    const answer = await who.admin.call<{ jobId: string }>('POST', `/api/system/job/schedules/${TICK}/run`, {});
    expect(answer).toMatchObject({ msgCode: 0, errMsg: '已开始执行' });
    const job = await finished(TICK, answer.data!.jobId);
    expect(job).toMatchObject({ state: 'completed', payload: { n: 7 } });
    expect(ran).toContainEqual({ n: 7 });

    expect(await logRow(TICK, job.id)).toMatchObject({
      label: '测试定时任务',
      state: 'completed',
      attempts: '1/3',
      ownerName: '系统管理员',
      ranBy: t.config.instanceName,
      error: '',
      retryable: false,
      cancellable: false,
    });
    const row = await scheduleOf(TICK);
    expect(row).toMatchObject({ lastRunState: 'completed', lastRunError: '' });
    expect(Date.parse(row!.lastRunAt)).toBeGreaterThan(Date.now() - 60_000);

    expect(await who.admin.call('POST', '/api/system/job/schedules/no-such-job/run', {})).toMatchObject({
      msgCode: -404,
      errMsg: '该定时任务不存在',
    });
    for (const caller of [who.manager, who.staff])
      expect((await caller.call('POST', `/api/system/job/schedules/${TICK}/run`, {})).msgCode).toBe(-403);
  });

  it('暂停 holds on every instance and across a restart; 恢复 restores the newest rule', async () => {
    for (const caller of [who.manager, who.staff])
      expect((await caller.call('POST', `/api/system/job/schedules/${TICK}/pause`, {})).msgCode).toBe(-403);
    expect(await who.admin.call('POST', `/api/system/job/schedules/${TICK}/pause`, {})).toMatchObject({
      msgCode: 0,
      errMsg: '已暂停',
    });
    expect(await t.app.jobs.scheduleOf(TICK)).toBeUndefined();
    expect(await scheduleOf(TICK)).toMatchObject({ status: 'paused', paused: true, nextRunAt: '', cron: '0 3 * * *' });
    expect(await who.admin.call('POST', `/api/system/job/schedules/${TICK}/pause`, {})).toMatchObject({
      msgCode: -409,
      errMsg: '该定时任务已处于暂停状态',
    });

    // Another instance on the database reads it paused.
    const other = await t.sibling({ jobPollMs: POLL_MS });
    expect((await other.jobs.schedules()).find((row) => row.name === TICK)).toMatchObject({ paused: true });

    // A restart registers the schedule again (with a changed rule): it stays paused, the rule is kept for later.
    const restarted = new JobQueue(t.db, { pollMs: POLL_MS });
    try {
      await restarted.start();
      await restarted.schedule(TICK, '0 4 * * *', { n: 8 });
      expect(await restarted.scheduleOf(TICK)).toBeUndefined();
    } finally {
      await restarted.stop();
    }
    expect(await scheduleOf(TICK)).toMatchObject({ paused: true, cron: '0 4 * * *' });

    // 执行一次 still works while paused, with the payload kept.
    const once = await who.admin.call<{ jobId: string }>('POST', `/api/system/job/schedules/${TICK}/run`, {});
    expect(await finished(TICK, once.data!.jobId)).toMatchObject({ state: 'completed', payload: { n: 8 } });

    expect(await who.admin.call('POST', `/api/system/job/schedules/${TICK}/resume`, {})).toMatchObject({
      msgCode: 0,
      errMsg: '已恢复',
    });
    expect(await t.app.jobs.scheduleOf(TICK)).toEqual({ cron: '0 4 * * *', timeZone: 'Asia/Shanghai' });
    const resumed = await scheduleOf(TICK);
    expect(resumed).toMatchObject({ status: 'normal', paused: false });
    expect(new Date(resumed!.nextRunAt).getUTCHours()).toBe(20);
    expect(await who.admin.call('POST', `/api/system/job/schedules/${TICK}/resume`, {})).toMatchObject({
      msgCode: -409,
      errMsg: '该定时任务未暂停，无需恢复',
    });
    for (const name of ['no-such-job', encodeURIComponent('不是任务 名称')])
      for (const action of ['pause', 'resume', 'run'])
        expect(await who.admin.call('POST', `/api/system/job/schedules/${name}/${action}`, {})).toMatchObject({
          msgCode: -404,
          errMsg: '该定时任务不存在',
        });

    // Unscheduling (the registrant turned it off) forgets a pause too.
    await t.app.jobs.pauseSchedule(TICK);
    await t.app.jobs.unschedule(TICK as JobName);
    expect(await scheduleOf(TICK)).toBeUndefined();
  });
});

describe('任务日志', () => {
  let failing = true;

  it('lists jobs of every queue newest first, filtered by queue and state; 重试 runs a failed job again', async () => {
    t.app.jobs.work(
      'test-screen-flaky',
      async () => {
        if (failing) throw new Error('设备接口超时');
        return 'ok';
      },
      { label: '测试失败任务' },
    );
    const id = (await t.app.jobs.send('test-screen-flaky', {}, { maxAttempts: 2, retryDelayMs: 10 }))!;
    expect(await finished('test-screen-flaky', id)).toMatchObject({ state: 'failed' });

    const failed = await who.admin.call<PageData<JobRow>>('GET', '/api/system/job/log/list?state=failed');
    expect(failed.data!.dataList.every((row) => row.state === 'failed')).toBe(true);
    expect(failed.data!.dataList.find((row) => row.id === id)).toMatchObject({
      name: 'test-screen-flaky',
      label: '测试失败任务',
      attempts: '2/2',
      ownerName: '系统',
      error: '设备接口超时',
      retryable: true,
      cancellable: false,
    });
    // Newest first, across queues.
    const all = await who.admin.call<PageData<JobRow>>('GET', '/api/system/job/log/list?pageSize=50');
    const times = all.data!.dataList.map((row) => Date.parse(row.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(new Set(all.data!.dataList.map((row) => row.name)).size).toBeGreaterThan(1);
    expect(all.data!.total).toBeGreaterThanOrEqual(all.data!.dataList.length);
    const schedule = await who.admin.call('GET', '/api/system/job/log/list?state=done');
    expect(schedule).toMatchObject({ msgCode: -400, errMsg: '请选择任务状态' });

    for (const caller of [who.manager, who.staff])
      expect((await caller.call('POST', `/api/system/job/log/${id}/retry`, {})).msgCode).toBe(-403);
    failing = false;
    expect(await who.admin.call('POST', `/api/system/job/log/${id}/retry`, {})).toMatchObject({
      msgCode: 0,
      errMsg: '已重新执行',
    });
    expect(await finished('test-screen-flaky', id)).toMatchObject({ state: 'completed', attempts: 3 });
    expect(await logRow('test-screen-flaky', id)).toMatchObject({ state: 'completed', attempts: '3/3', error: '' });
    expect(await who.admin.call('POST', `/api/system/job/log/${id}/retry`, {})).toMatchObject({
      msgCode: -409,
      errMsg: '只有执行失败的任务可以重试',
    });
  });

  it('refuses to retry a job that may run only once (an import)', async () => {
    failing = true;
    const id = (await t.app.jobs.send('test-screen-flaky', {}, { maxAttempts: 1 }))!;
    expect(await finished('test-screen-flaky', id)).toMatchObject({ state: 'failed' });
    expect(await logRow('test-screen-flaky', id)).toMatchObject({ retryable: false, attempts: '1/1' });
    expect(await who.admin.call('POST', `/api/system/job/log/${id}/retry`, {})).toMatchObject({
      msgCode: -409,
      errMsg: '该任务只允许执行一次（如数据导入），不能重试，请重新提交',
    });
  });

  it('取消 a waiting job: it never runs', async () => {
    let runs = 0;
    t.app.jobs.work('test-screen-later', async () => void runs++);
    const id = (await t.app.jobs.send('test-screen-later', {}, { delayMs: 60_000 }))!;
    expect(await logRow('test-screen-later', id)).toMatchObject({ state: 'created', cancellable: true });

    for (const caller of [who.manager, who.staff])
      expect((await caller.call('POST', `/api/system/job/log/${id}/cancel`, {})).msgCode).toBe(-403);
    expect(await who.admin.call('POST', `/api/system/job/log/${id}/cancel`, {})).toMatchObject({
      msgCode: 0,
      errMsg: '已取消',
    });
    const row = await logRow('test-screen-later', id);
    expect(row).toMatchObject({ state: 'cancelled', cancellable: false, retryable: false });
    expect(row!.finishedAt).not.toBe('');
    const cancelled = await who.admin.call<PageData<JobRow>>(
      'GET',
      '/api/system/job/log/list?queue=test-screen-later&state=cancelled',
    );
    expect(cancelled.data!.dataList.map((job) => job.id)).toEqual([id]);
    expect(await who.admin.call('POST', `/api/system/job/log/${id}/cancel`, {})).toMatchObject({
      msgCode: -409,
      errMsg: '只有等待中或重试中的任务可以取消',
    });
    for (const unknown of ['no-such-id', '00000000-0000-4000-8000-000000000000'])
      for (const action of ['retry', 'cancel'])
        expect(await who.admin.call('POST', `/api/system/job/log/${unknown}/${action}`, {})).toMatchObject({
          msgCode: -404,
          errMsg: '该任务不存在或已被清理',
        });
    expect(runs).toBe(0);
  });
});
