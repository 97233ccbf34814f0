/**
 * Alerts at work in the app, reached as `app.alerts`: every alert file of the loaded modules checked against its
 * collection and message kinds (a wrong one stops the start, naming its file), hooked on its collection's writes,
 * and swept by a job of the queue; a second job sends the messages waiting for SMS or a group robot. Registered
 * after the collections, whose records it hooks.
 */
import { globalPlugin } from '../http/global-plugin.js';
import type { PortalModule } from '../modules/module-files.js';
import { alertFaults, type AlertFile } from './alert-files.js';
import { Alerts } from './alerts.js';

declare module 'fastify' {
  interface FastifyInstance {
    alerts: Alerts;
  }
}

declare module '../jobs/types.js' {
  interface JobPayloads {
    /** `now`: ISO time the sweep runs as (default: the app's clock). */
    'alert-sweep': { now?: string };
    'message-deliveries': Record<string, never>;
  }
}

export const ALERT_SWEEP_JOB = 'alert-sweep';
export const DELIVERY_JOB = 'message-deliveries';

export default globalPlugin<{ modules: readonly PortalModule[] }>('alerts', async (app, { modules }) => {
  const { db, config, messages, messageOutbox } = app.services;
  const collectionFiles = new Map(modules.flatMap((module) => module.collections.map((file) => [file.id, file])));
  const kinds = new Set(messages.kinds.ids());
  const seen = new Map<string, string>();
  for (const module of modules)
    for (const file of module.alerts) {
      const where = `modules/${module.manifest.id}/alerts/${file.id}.json`;
      const other = seen.get(file.id);
      if (other) throw new Error(`${where}: 提醒 ${file.id} 已由 ${other} 声明`);
      seen.set(file.id, where);
      const faults = alertFaults(file, collectionFiles, kinds);
      if (faults.length > 0) throw new Error(`${where}: ${faults.join('；')}`);
    }
  const files = modules.flatMap((module) => module.alerts);
  const alerts = new Alerts(db, messages, app.services.events, config.now, files, collectionFiles, (id) =>
    app.collections.get(id),
  );
  app.decorate('alerts', alerts);
  // One hook per collection: a write reads its record once for all the alerts on it.
  const byCollection = new Map<string, AlertFile[]>();
  for (const file of files) byCollection.set(file.collection, [...(byCollection.get(file.collection) ?? []), file]);
  for (const [collection, rules] of byCollection)
    app.collections.get(collection)?.onWrite((write) => alerts.onWrite(rules, write));

  const at = (payload: { now?: string }) => (payload.now ? new Date(payload.now) : config.now());
  app.jobs.work(ALERT_SWEEP_JOB, async (job) => ({ ...(await alerts.sweep(at(job.payload))) }), {
    exclusive: true,
    label: '提醒检查与升级',
  });
  app.jobs.work(DELIVERY_JOB, async () => ({ ...(await messageOutbox.drain()) }), {
    exclusive: true,
    label: '短信与群机器人消息发送',
  });
  app.addHook('onReady', async () => {
    const { sweepCron, deliveryCron } = config.alertTimers;
    if (sweepCron) await app.jobs.schedule(ALERT_SWEEP_JOB, sweepCron, {});
    else await app.jobs.unschedule(ALERT_SWEEP_JOB);
    if (deliveryCron) await app.jobs.schedule(DELIVERY_JOB, deliveryCron, {});
    else await app.jobs.unschedule(DELIVERY_JOB);
  });
});
