/** The approval engine of the app, reached as `app.workflow` by the workflow routes and the workbench. */
import type { CollectionFile } from '../../shared/collections.js';
import { globalPlugin } from '../http/global-plugin.js';
import { createWorkflow, type Workflow } from './index.js';
import { messageNotifier } from './message-notifier.js';
import { collectionOutcomes } from './outcomes.js';
import type { ApprovalNotifier } from './notifier.js';
import { ApprovalTimers, DIGEST_JOB, REMINDER_JOB } from './timers.js';

declare module 'fastify' {
  interface FastifyInstance {
    workflow: Workflow;
  }
}

export default globalPlugin<{ collections: readonly CollectionFile[]; notifier?: ApprovalNotifier }>(
  'workflow',
  async (app, options) => {
    const { db, config } = app.services;
    app.decorate(
      'workflow',
      createWorkflow(db, {
        collections: options.collections,
        // Tests may pass their own; the portal tells people through the message centre.
        notifier: options.notifier ?? messageNotifier(app.services.messages),
        now: config.now,
        notifyFailed: (error) => app.log.error({ err: error }, 'approval notification failed'),
        writeOutcome: collectionOutcomes(() => app.collections),
      }),
    );
    // The reminders and the daily digest: jobs of the queue, from cron schedules in its table.
    const timers = new ApprovalTimers(db, app.services.messages);
    const at = (payload: { now?: string }) => (payload.now ? new Date(payload.now) : config.now());
    app.jobs.work(REMINDER_JOB, async (job) => ({ reminded: await timers.remind(at(job.payload)) }), {
      label: '审批超时提醒',
    });
    app.jobs.work(DIGEST_JOB, async (job) => ({ sent: await timers.digest(at(job.payload)) }), {
      label: '审批每日汇总',
    });
    app.addHook('onReady', async () => {
      const { reminderCron, digestCron } = config.approvalTimers;
      if (reminderCron) await app.jobs.schedule(REMINDER_JOB, reminderCron, {});
      else await app.jobs.unschedule(REMINDER_JOB);
      if (digestCron) await app.jobs.schedule(DIGEST_JOB, digestCron, {});
      else await app.jobs.unschedule(DIGEST_JOB);
    });
  },
);
