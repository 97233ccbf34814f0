/**
 * 系统管理 / 定时任务: the cron schedules of the portal (whoever registered them: the core's approval timers, a
 * module's retention job) with their rule, state, last and next run and failures of the day, and 执行一次 / 暂停 /
 * 恢复; and the job log (任务日志) of every queue, newest first, with 重试 of a failed job and 取消 of a waiting one.
 * Everything goes through the job queue (app.jobs): a pause is kept in the database, so it holds on every instance
 * and across restarts.
 */
import type { Db } from '../db/database.js';
import type { JobQueue } from '../jobs/queue.js';
import type { JobCommand, JobState, ScheduleChange } from '../jobs/types.js';
import { conflict, iso, notFound, pageOf, type Page, type PageQuery } from './common.js';

export const JobTexts = {
  scheduleUnknown: '该定时任务不存在',
  alreadyPaused: '该定时任务已处于暂停状态',
  notPaused: '该定时任务未暂停，无需恢复',
  busy: '该任务已有一次在等待或执行中，请等它结束后再执行',
  jobUnknown: '该任务不存在或已被清理',
  retryOnlyFailed: '只有执行失败的任务可以重试',
  notRepeatable: '该任务只允许执行一次（如数据导入），不能重试，请重新提交',
  cancelOnlyWaiting: '只有等待中或重试中的任务可以取消',
  ran: '已开始执行',
  paused: '已暂停',
  resumed: '已恢复',
  retried: '已重新执行',
  cancelled: '已取消',
} as const;

export interface JobLogQuery extends PageQuery {
  queue?: string;
  state?: JobState;
}

export interface ScheduleRow {
  /** The queue name, which the actions name. */
  id: string;
  name: string;
  label: string;
  cron: string;
  timeZone: string;
  /** normal | paused */
  status: 'normal' | 'paused';
  paused: boolean;
  pausedAt: string;
  lastRunAt: string;
  /** The last run's job state ('' before the first run). */
  lastRunState: JobState | '';
  lastRunError: string;
  nextRunAt: string;
  failedLastDay: number;
  hasFailures: boolean;
}

export interface JobLogRow {
  id: string;
  name: string;
  label: string;
  state: JobState;
  /** Attempts made / allowed: 1/3. */
  attempts: string;
  ownerName: string;
  /** The instance that ran the latest attempt ('' before one started it). */
  ranBy: string;
  createdAt: string;
  startedAt: string;
  finishedAt: string;
  error: string;
  retryable: boolean;
  cancellable: boolean;
}

const isoOrEmpty = (value: Date | null | undefined) => (value ? iso(value) : '');

export class JobMonitor {
  constructor(
    private readonly jobs: JobQueue,
    private readonly db: Db,
  ) {}

  async schedules(): Promise<ScheduleRow[]> {
    return (await this.jobs.schedules()).map((schedule) => ({
      id: schedule.name,
      name: schedule.name,
      label: schedule.label,
      cron: schedule.cron,
      timeZone: schedule.timeZone,
      status: schedule.paused ? 'paused' : 'normal',
      paused: schedule.paused,
      pausedAt: isoOrEmpty(schedule.pausedAt),
      lastRunAt: isoOrEmpty(schedule.lastRun?.at),
      lastRunState: schedule.lastRun?.state ?? '',
      lastRunError: schedule.lastRun?.error ?? '',
      nextRunAt: isoOrEmpty(schedule.nextRunAt),
      failedLastDay: schedule.failedLastDay,
      hasFailures: schedule.failedLastDay > 0,
    }));
  }

  /** 执行一次: a job of the schedule now, asked for by `userId`; its id. */
  async runOnce(name: string, userId: string): Promise<string> {
    const id = await this.jobs.runSchedule(name, userId);
    if (id === undefined) throw notFound(JobTexts.scheduleUnknown);
    if (id === null) throw conflict(JobTexts.busy);
    return id;
  }

  async pause(name: string, userId: string): Promise<void> {
    refuse(await this.jobs.pauseSchedule(name, userId), JobTexts.alreadyPaused);
  }

  async resume(name: string): Promise<void> {
    refuse(await this.jobs.resumeSchedule(name), JobTexts.notPaused);
  }

  /** The queues for the log's filter: value (the queue) and label. */
  async queues(): Promise<{ value: string; label: string }[]> {
    return (await this.jobs.queueNames()).map((queue) => ({ value: queue.name, label: queue.label }));
  }

  async log(query: JobLogQuery): Promise<Page<JobLogRow>> {
    const { pageNo, pageSize, offset } = pageOf(query);
    const { jobs, total } = await this.jobs.jobs({ name: query.queue, state: query.state, limit: pageSize, offset });
    const owners = [...new Set(jobs.flatMap((job) => (job.ownerId ? [job.ownerId] : [])))];
    const names = new Map(
      owners.length === 0
        ? []
        : (await this.db.selectFrom('sys_user').select(['id', 'name']).where('id', 'in', owners).execute()).map(
            (user) => [user.id, user.name] as const,
          ),
    );
    return {
      dataList: jobs.map((job) => ({
        id: job.id,
        name: job.name,
        label: job.label,
        state: job.state,
        attempts: `${job.attempts}/${job.maxAttempts}`,
        // A job nobody asked for was sent by the portal itself: a schedule, a start.
        ownerName: job.ownerId ? (names.get(job.ownerId) ?? job.ownerId) : '系统',
        // The instance's own name, without the version it registers with.
        ranBy: job.ranBy ? job.ranBy.replace(/@[^@]*$/, '') : '',
        createdAt: iso(job.createdAt),
        startedAt: isoOrEmpty(job.startedAt),
        finishedAt: isoOrEmpty(job.finishedAt),
        error: job.error ?? '',
        retryable: job.state === 'failed' && job.maxAttempts > 1,
        cancellable: job.state === 'created' || job.state === 'retry',
      })),
      total,
      pageNo,
      pageSize,
    };
  }

  async retry(id: string): Promise<void> {
    command(await this.jobs.retryJob(id), JobTexts.retryOnlyFailed);
  }

  async cancel(id: string): Promise<void> {
    command(await this.jobs.cancelJob(id), JobTexts.cancelOnlyWaiting);
  }
}

function refuse(change: ScheduleChange, already: string): void {
  if (change === 'unknown') throw notFound(JobTexts.scheduleUnknown);
  if (change === 'already') throw conflict(already);
}

function command(result: JobCommand, wrongState: string): void {
  if (result === 'unknown') throw notFound(JobTexts.jobUnknown);
  if (result === 'wrong-state') throw conflict(wrongState);
  if (result === 'not-repeatable') throw conflict(JobTexts.notRepeatable);
}
