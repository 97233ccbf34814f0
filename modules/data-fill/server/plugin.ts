/**
 * 数据填报 (module data-fill): forms, tasks and fills in the module's own tables (migrations.ts), the calls of the
 * screens and of the signed links (routes.ts), and one daily job (pg-boss, through app.jobs) that opens each
 * recurring task's new period and reminds the fillers past their deadline by a 填报逾期 message, once a day each.
 */
import { chinaDate, ensureSecret, type ModulePlugin } from '../../../src/server/module-api.js';
import { seedDemoFills } from './demo.js';
import { FillLinks, LINK_KEY_ID } from './fill-links.js';
import { FillValidation } from './forms.js';
import { fillRoutes } from './routes.js';
import { FillStore } from './store.js';

export const DAILY_JOB = 'data-fill-daily';

declare module '../../../src/server/jobs/types.js' {
  interface JobPayloads {
    'data-fill-daily': Record<string, never>;
  }
}

const dataFill: ModulePlugin = async (app, { module }) => {
  const { db, config, messages } = app.services;
  const now = config.now;
  const store = new FillStore(db);
  const links = new FillLinks(await ensureSecret(db, LINK_KEY_ID), now);

  /** New periods opened, then every overdue fill's filler told (the link opens their fill in the portal). */
  const daily = async () => {
    const today = chinaDate(now());
    let opened = 0;
    for (const task of await store.allTasks())
      if (task.period !== 'once') opened += await store.openPeriod(task, today);
    const overdue = await store.overdue(today);
    for (const fill of overdue)
      await messages.send({
        userIds: [fill.filler_id],
        kind: 'fill-overdue',
        title: `填报逾期：${fill.task_title}`,
        content: `${fill.period_label}的“${fill.task_title}”已于 ${fill.deadline} 截止，尚未提交，请尽快填报。`,
        link: `/ldf/fill_data?fill=${fill.id}`,
        projectId: fill.project_id,
      });
    await store.reminded(
      overdue.map((fill) => fill.id),
      today,
    );
    return { opened, reminded: overdue.length };
  };
  app.jobs.work(DAILY_JOB, daily, { exclusive: true, label: '数据填报逾期提醒' });
  await app.jobs.schedule(DAILY_JOB, '0 9 * * *', {});

  if (config.demo) await seedDemoFills(store, db, now());
  await fillRoutes(app, { store, links, validation: new FillValidation(), moduleDir: module.dir, now });
};

export default dataFill;
