/**
 * `app.jobs`: the job queue (queue.ts, on pg-boss) of this app, its workers started when the app is ready and stopped
 * before it closes (running jobs finish or are cut off, to run again if they may; no timer outlives the app). A
 * module's plugin registers its handler with one typed call:
 *
 *   app.jobs.work('approval-reminder', async (job) => { ... job.payload.recordId ... });
 */
import { globalPlugin } from '../http/global-plugin.js';
import { packageVersion } from '../package-version.js';
import { portalInstanceName } from './instance-name.js';
import { JobQueue } from './queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

export default globalPlugin('jobs', async (app) => {
  const queue = new JobQueue(app.services.db, {
    pollMs: app.services.config.jobPollMs,
    onError: (error, job) => app.log.error({ err: error, jobId: job.id, job: job.name }, 'job failed'),
    // 服务监控 shows each instance on the database by this name, with the portal's version it runs.
    instanceName: portalInstanceName(app.services.config.instanceName, packageVersion()),
  });
  app.decorate('jobs', queue);
  app.addHook('onReady', async () => queue.start());
  // Before the database closes (an onClose of the app's owner).
  app.addHook('preClose', async () => queue.stop());
});
