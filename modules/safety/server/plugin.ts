/**
 * The safety module's own server behaviour, for what its schema files cannot declare: an inspection's checklist
 * made from its template and scored by JGJ 59-2011 (jgj59.ts), hazards raised when an inspection with 不合格 items is
 * completed, the rules of 重大事故隐患 (hazard.ts), and the labour registry's flag of on-site workers without a passed
 * 三级安全教育. Each is a write hook of the collections (`records.onWrite`): it runs inside the write's own
 * transaction, so a refusal undoes the whole call. Its routes: an inspection's score sheet (分项评分 and 汇总表), 全部合格
 * in one step, and attendees added in bulk from the labour module's workers (read through its collection, when the
 * portal has it).
 */
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  type CollectionRecords,
  DomainError,
  envelope,
  idParams,
  type ModulePlugin,
  ok,
  recordAccess,
  requireAuth,
  security,
} from '../../../src/server/module-api.js';
import { EducationMessages, educationHooks, refreshEducationFlags } from './education.js';
import { hazardHooks } from './hazard.js';
import { allPass, inspectionHooks, scoreOf } from './inspection.js';

const anything = {};

const plugin: ModulePlugin = async (app) => {
  const { collections } = app;
  const { db } = app.services;
  const access = recordAccess(app);
  const of = (id: string): CollectionRecords => {
    const records = collections.get(id);
    if (!records) throw new Error(`the safety module needs the collection ${id}`);
    return records;
  };
  inspectionHooks(collections);
  hazardHooks(collections);
  // Screens showing hazards (the company's big screen) read them again when one is written; sent on commit only.
  of('safety-hazard').onWrite((write) =>
    app.services.events.publish(
      { topic: 'all' },
      { type: 'safety.hazard', data: { projectId: write.projectId } },
      write.db,
    ),
  );
  educationHooks(collections);
  // Records seeded or imported without the hooks (demo data, a restore) get their flags at start.
  await refreshEducationFlags(db);
  // The hazard levels were three (一般, 较大, 重大) before the 2022 判定标准's two; 重大 kept its meaning under `major`.
  await sql`update c_safety_hazard set level = 'major' where level = 'critical'`.execute(db);
  await sql`update c_safety_inspection_item set level = 'major' where level = 'critical'`.execute(db);

  const inspections = of('safety-inspection');
  app.get(
    '/api/safety/v1.0/inspections/:id/score',
    {
      config: { auth: 'user', permission: 'safety:inspection:view' },
      schema: {
        tags: ['safety'],
        summary: "An inspection's JGJ 59-2011 score sheet",
        description:
          'data: tables (each 分项检查评分表: table, summaryItem, guaranteeScore, generalScore, applicable 应得分, earned ' +
          '实得分, score out of 100 converted over the items that apply, zeroReason by the 保证项目 rule), summary (表 A ' +
          '汇总表: item, weight, tables, tableScore, weighted = weight × tableScore / 100), total, grade ' +
          '(excellent 优良 | pass 合格 | fail 不合格), gradeLabel, gradeReason. Computed from the rows as stored.',
        security,
        params: idParams,
        response: { 200: envelope({ data: anything }) },
      },
    },
    async (request: FastifyRequest<{ Params: { id: string } }>) => {
      await access.checkRecord(request, inspections, request.params.id);
      const { score } = await scoreOf(db, request.params.id);
      return ok('', score);
    },
  );

  app.post(
    '/api/safety/v1.0/inspections/:id/all-pass',
    {
      config: { auth: 'user', permission: 'safety:inspection:edit' },
      schema: {
        tags: ['safety'],
        summary: '全部合格: every row not yet judged becomes 合格',
        description:
          'Body `table` (optional): only the rows of that check table. Rows already judged keep their result. ' +
          'data.judged: how many rows it judged. Refused once the inspection is completed.',
        security,
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { table: { type: ['string', 'null'], maxLength: 30 } },
        },
        response: { 200: envelope({ data: { type: 'object', properties: { judged: { type: 'integer' } } } }) },
      },
    },
    async (request: FastifyRequest<{ Params: { id: string }; Body: { table?: string | null } | undefined }>) => {
      await access.checkRecord(request, inspections, request.params.id);
      // The whole inspection's dialog shows 全部检查表 in its read-only field.
      const named = request.body?.table?.trim();
      const table = named && named !== '全部检查表' ? named : undefined;
      const judged = await db.transaction().execute((trx) => allPass(trx, request.params.id, table));
      return ok(judged > 0 ? `已将${judged}项判定为合格` : '没有待判定的检查项', { judged });
    },
  );

  const trainings = of('safety-training');
  app.post(
    '/api/safety/v1.0/trainings/:id/attendees/bulk',
    {
      config: { auth: 'user', permission: 'safety:education:edit', title: '批量添加参训人员' },
      schema: {
        tags: ['safety'],
        summary: "Adds the training's project's workers by team, trade or subcontractor",
        description:
          "Reads the labour module's workers (collection labour-worker) of the training's project on site, with " +
          'the filters given (team 班组, trade 工种, subcontractor 劳务分包单位; none: all on site), and adds those not ' +
          'yet attending. `passed` (not for 班前讲话) records them all as 合格 or 不合格. data: added, skipped.',
        security,
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: {
            // A form's empty field may come as null.
            team: { type: ['string', 'null'], maxLength: 30 },
            trade: { type: ['string', 'null'], maxLength: 30 },
            subcontractor: { type: ['string', 'null'], maxLength: 50 },
            passed: { type: ['boolean', 'null'] },
          },
        },
        response: {
          200: envelope({
            data: { type: 'object', properties: { added: { type: 'integer' }, skipped: { type: 'integer' } } },
          }),
        },
      },
    },
    async (
      request: FastifyRequest<{
        Params: { id: string };
        Body:
          | { team?: string | null; trade?: string | null; subcontractor?: string | null; passed?: boolean | null }
          | undefined;
      }>,
    ) => {
      const projectId = await access.checkRecord(request, trainings, request.params.id);
      const workers = collections.get('labour-worker');
      if (!workers) throw new DomainError('invalid', EducationMessages.noLabour);
      const body = request.body ?? {};
      const filters: Record<string, unknown> = { status: 'onSite' };
      for (const key of ['team', 'trade', 'subcontractor'] as const) if (body[key]?.trim()) filters[key] = body[key];
      let found = await workers.all(projectId, filters, 5000);
      // `subcontractor` is no declared filter of the worker list: matched here.
      if (filters.subcontractor) found = found.filter((worker) => worker.subcontractor === filters.subcontractor);
      if (found.length === 0) throw new DomainError('invalid', EducationMessages.noWorkers);
      const actorId = requireAuth(request).view.user.id;
      const result = await db.transaction().execute(async (trx) => {
        const attendees = of('safety-training-attendee').within(trx);
        const present = new Set(
          (await attendees.all(projectId, { trainingId: request.params.id }, 10000)).map((row) => String(row.workerId)),
        );
        let added = 0;
        for (const worker of found) {
          if (present.has(String(worker.id))) continue;
          await attendees.create(
            projectId,
            {
              trainingId: request.params.id,
              workerId: worker.id,
              ...(typeof body.passed === 'boolean' ? { passed: body.passed } : {}),
            },
            actorId,
          );
          added += 1;
        }
        return { added, skipped: found.length - added };
      });
      return ok(`已添加${result.added}人${result.skipped > 0 ? `，${result.skipped}人已在名单中` : ''}`, result);
    },
  );
};

export default plugin;
