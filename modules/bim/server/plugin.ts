/**
 * BIM协同 (modules/bim): the issues are the collection bim-issue; this adds what no schema declares:
 * - the models of a project (models.ts, table bim_model): an IFC received from a resumable upload, converted once
 *   to fragments by the job bim-convert (convert-job.ts) with its progress, served to the viewer (routes.ts);
 * - with demo data, the demo building (demo-ifc.ts, written with web-ifc) as a model of every project, converted
 *   by the same job, once: a restart finds the models there;
 * - 拆分模型 (split-*.ts): a model split by storey or discipline into IFC parts (job bim-split), each part a model;
 * - 碰撞检查 (clash-*.ts): two element sets checked for clashes by the job bim-clash, the clashes tracked by status.
 */
import { sql } from 'kysely';
import { type ModulePlugin, recordAccess } from '../../../src/server/module-api.js';
import { CONVERT_JOB, DEMO_FILE_NAME, runConversion } from './convert-job.js';
import { registerClashes } from './clash-routes.js';
import { BimModels } from './models.js';
import { bimRoutes } from './routes.js';
import { registerSplits } from './split-routes.js';

const DEMO_MODEL_NAME = '1号楼结构与风管';

const bim: ModulePlugin = async (app, { settings }) => {
  const issues = app.collections.get('bim-issue');
  if (!issues) throw new Error('modules/bim: the collection bim-issue is missing');
  const { db, config, resumableUploads } = app.services;
  const models = new BimModels(db, resumableUploads, config.now);

  app.jobs.work(CONVERT_JOB, async (job) => runConversion(models, job.payload.modelId, app.log, job.signal), {
    label: 'BIM模型转换',
  });
  await bimRoutes(app, { models, issues, access: recordAccess(app) });
  // 拆分模型: the job bim-split and its routes (split-*.ts).
  await registerSplits(app, { models, issues, access: recordAccess(app) });
  // 碰撞检查: the job bim-clash and its routes (clash-*.ts).
  await registerClashes(app, { models, access: recordAccess(app) });

  if (config.demo && settings.demoModels !== false) {
    const { rows } = await sql<{ id: string }>`select id from project order by id`.execute(db);
    const missing = await models.withoutDemo(rows.map((row) => row.id));
    // The rows now, the building itself in the job (convert-job.ts writes it before converting): a start waits for
    // neither the IFC nor its conversion.
    for (const projectId of missing) {
      const model = await models.record(
        projectId,
        DEMO_MODEL_NAME,
        DEMO_FILE_NAME,
        '',
        0,
        'IFC4',
        'user-manager',
        true,
      );
      await app.jobs.send(CONVERT_JOB, { modelId: model.id }, { projectId });
    }
  }
};

export default bim;
