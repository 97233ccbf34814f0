/**
 * 系统管理 / 定时任务 (admin/job-monitor.ts, over the job queue app.jobs):
 *   GET  /schedules               the cron schedules with their state, last and next run, failures of the day
 *   POST /schedules/:name/run     执行一次: a job of the schedule now, with its payload
 *   POST /schedules/:name/pause   暂停 (on every instance, across restarts)
 *   POST /schedules/:name/resume  恢复
 *   GET  /queues                  the queues, for the job log's filter
 *   GET  /log/list                任务日志: jobs of every queue, newest first, paged; filters queue and state
 *   POST /log/:id/retry           重试 a failed job
 *   POST /log/:id/cancel          取消 a waiting job
 * The actions' bodies are ignored (the screen sends the row).
 */
import type { FastifyPluginAsync } from 'fastify';
import { adminConfig, idParams, listQuery, needs, record, security, strings } from '../../../../http/admin-schemas.js';
import { envelope, pageEnvelope, type Schema } from '../../../../http/envelope-schema.js';
import { requireAuth } from '../../../../http/request-context.js';
import { dropEmptyInput, ok } from '../../../../http/route-helpers.js';
import { JobMonitor, JobTexts, type JobLogQuery } from '../../../../admin/job-monitor.js';
import { bodyOrEmpty } from '../../../../http/portal-schemas.js';

const VIEW = 'sys:job:view';
const RUN = 'sys:job:run';
const PAUSE = 'sys:job:pause';
const RETRY = 'sys:job:retry';
const CANCEL = 'sys:job:cancel';

const nameParams: Schema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 100,
      errorMessage: { minLength: '任务名称不正确', maxLength: '任务名称不正确' },
    },
  },
};

const STATES = 'created (等待), active (执行中), completed (成功), failed (失败), cancelled (已取消), retry (重试中)';

const scheduleRow = record({
  ...strings(
    'id',
    'name',
    'label',
    'cron',
    'timeZone',
    'status',
    'pausedAt',
    'lastRunAt',
    'lastRunState',
    'lastRunError',
    'nextRunAt',
  ),
  paused: { type: 'boolean' },
  failedLastDay: { type: 'integer' },
  hasFailures: { type: 'boolean' },
});

const jobRow = record({
  ...strings(
    'id',
    'name',
    'label',
    'state',
    'attempts',
    'ownerName',
    'ranBy',
    'createdAt',
    'startedAt',
    'finishedAt',
    'error',
  ),
  retryable: { type: 'boolean' },
  cancellable: { type: 'boolean' },
});

const routes: FastifyPluginAsync = async (app) => {
  const monitor = new JobMonitor(app.jobs, app.services.db);

  app.get(
    '/schedules',
    {
      schema: {
        tags: ['system'],
        summary: 'The cron schedules of the portal (定时任务)',
        description:
          'Every schedule on the database, paused ones included, by queue name: id and name (the queue), label ' +
          "(the Chinese name its registrant gave), cron and timeZone, status 'normal' (正常) or 'paused' (暂停) with " +
          'pausedAt, the last run (lastRunAt, lastRunState: a job state, lastRunError), nextRunAt (ISO; empty while ' +
          `paused), failedLastDay (jobs of the queue failed in the last 24 hours). Job states: ${STATES}. ` +
          needs(VIEW),
        security,
        response: { 200: envelope({ data: { type: 'array', items: scheduleRow } }) },
      },
      config: adminConfig(VIEW, '定时任务'),
    },
    async () => ok('', await monitor.schedules()),
  );

  const scheduleAction = (
    path: string,
    permission: string,
    title: string,
    description: string,
    act: (name: string, userId: string) => Promise<string>,
  ) =>
    app.post<{ Params: { name: string } }>(
      `/schedules/:name/${path}`,
      {
        schema: {
          tags: ['system'],
          summary: `${title} (定时任务)`,
          description: `${description} -404 ${JobTexts.scheduleUnknown}. ${needs(permission)}`,
          security,
          params: nameParams,
          response: { 200: envelope({}) },
        },
        config: adminConfig(permission, title),
        preValidation: bodyOrEmpty,
      },
      async (request) => ok(await act(request.params.name, requireAuth(request).view.user.id)),
    );

  app.post<{ Params: { name: string } }>(
    '/schedules/:name/run',
    {
      schema: {
        tags: ['system'],
        summary: 'Run a schedule once now (执行一次)',
        description:
          "Sends a job of the schedule's queue now, with the schedule's payload (paused or not), asked for by the " +
          `caller: data.jobId. -404 ${JobTexts.scheduleUnknown}; -409 ${JobTexts.busy} (a queue that runs one job ` +
          `at a time). ${needs(RUN)}`,
        security,
        params: nameParams,
        response: {
          200: envelope({ data: { type: 'object', required: ['jobId'], properties: { jobId: { type: 'string' } } } }),
        },
      },
      config: adminConfig(RUN, '执行定时任务'),
      preValidation: bodyOrEmpty,
    },
    async (request) => {
      const jobId = await monitor.runOnce(request.params.name, requireAuth(request).view.user.id);
      return ok(JobTexts.ran, { jobId });
    },
  );

  scheduleAction(
    'pause',
    PAUSE,
    '暂停定时任务',
    'Pauses the schedule on every instance, across restarts (a schedule registered again at a start stays ' +
      `paused), until it is resumed. -409 ${JobTexts.alreadyPaused}.`,
    async (name, userId) => {
      await monitor.pause(name, userId);
      return JobTexts.paused;
    },
  );

  scheduleAction(
    'resume',
    PAUSE,
    '恢复定时任务',
    'Restores the paused schedule with its rule (the newest one registered while paused); the times that passed ' +
      `while paused are not sent. -409 ${JobTexts.notPaused}.`,
    async (name) => {
      await monitor.resume(name);
      return JobTexts.resumed;
    },
  );

  app.get(
    '/queues',
    {
      schema: {
        tags: ['system'],
        summary: 'The job queues, for the job log filter (任务日志)',
        description: 'value: the queue name (the log filter `queue`), label: its Chinese name. ' + needs(VIEW),
        security,
        response: {
          200: envelope({
            data: {
              type: 'array',
              items: { type: 'object', required: ['value', 'label'], properties: strings('value', 'label') },
            },
          }),
        },
      },
      config: adminConfig(VIEW, '任务列表'),
    },
    async () => ok('', await monitor.queues()),
  );

  app.get<{ Querystring: JobLogQuery }>(
    '/log/list',
    {
      schema: {
        tags: ['system'],
        summary: 'The job log of every queue (任务日志)',
        description:
          'Jobs of every queue, newest first, paged: id, name (the queue) and label, state, attempts (made/allowed), ' +
          "ownerName (who asked; '系统' for the portal's own), ranBy (the instance that ran the latest attempt), createdAt, startedAt, finishedAt (ISO), error (of a " +
          'failed attempt), retryable and cancellable (the actions the job allows). Filters: queue (one queue), ' +
          `state (${STATES}). Finished jobs are kept 30 days. ` +
          needs(VIEW),
        security,
        querystring: listQuery(app.services.forms.wireSchema('search-job-log')),
        response: { 200: pageEnvelope(jobRow) },
      },
      config: adminConfig(VIEW, '任务日志'),
      preValidation: dropEmptyInput,
    },
    async (request) => ok('', await monitor.log(request.query)),
  );

  const jobAction = (
    path: string,
    permission: string,
    title: string,
    description: string,
    act: (id: string) => Promise<string>,
  ) =>
    app.post<{ Params: { id: string } }>(
      `/log/:id/${path}`,
      {
        schema: {
          tags: ['system'],
          summary: `${title} (任务日志)`,
          description: `${description} -404 ${JobTexts.jobUnknown}. ${needs(permission)}`,
          security,
          params: idParams,
          response: { 200: envelope({}) },
        },
        config: adminConfig(permission, title),
        preValidation: bodyOrEmpty,
      },
      async (request) => ok(await act(request.params.id)),
    );

  jobAction(
    'retry',
    RETRY,
    '重试任务',
    'Runs a failed job again, with one more attempt. -409 ' +
      `${JobTexts.retryOnlyFailed}; -409 ${JobTexts.notRepeatable} (a job sent with a single attempt).`,
    async (id) => {
      await monitor.retry(id);
      return JobTexts.retried;
    },
  );

  jobAction(
    'cancel',
    CANCEL,
    '取消任务',
    `Cancels a job that waits (a first run or a retry); one that runs is left to finish. -409 ${JobTexts.cancelOnlyWaiting}.`,
    async (id) => {
      await monitor.cancel(id);
      return JobTexts.cancelled;
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/system/job';
export default routes;
