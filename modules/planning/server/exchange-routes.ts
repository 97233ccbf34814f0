/**
 * The schedule as a file, under /api/planning/v1.0:
 *   GET  /import/template           the Excel template (columns, an example, a 说明 sheet)
 *   POST /import?projectId          multipart, one file in `file`: an .xlsx (a sheet as the template or as
 *                                   进度计划's own export) or an MS Project XML; replaces the project's plan, all or
 *                                   nothing (-400 lists the rows in error)
 *   GET  /export/mspdi?projectId    the plan as MS Project XML
 * The Excel export is 进度计划's own (GET /api/system/export/plan-tasks), which writes what the list shows.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ApiError,
  contentDisposition,
  MsgCode,
  ok,
  readUploadedFile,
  recordAccess,
  requireAuth,
  security,
  sendXlsx,
} from '../../../src/server/module-api.js';
import { CalendarRangeError, epochDay, weekdayOf } from './calendar.js';
import { readScheduleWorkbook, scheduleTemplate } from './excel-exchange.js';
import {
  applyDocument,
  checkDocument,
  ExchangeMessages,
  refuse,
  type ImportedDocument,
  type RowError,
} from './exchange.js';
import { readMspdi, writeMspdi } from './mspdi.js';
import { PERMISSIONS, chartRange } from './plan-routes.js';
import { calendarOf, projectStartOf } from './schedule-model.js';
import { computable as computeSchedule, withinRange, type PlanStore } from './schedule-store.js';
import { projectQuery } from './schemas.js';

const MAX_FILE_BYTES = 10 * 1024 * 1024;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export const ExchangeRouteMessages = {
  noFile: '请选择要导入的文件',
  tooLarge: '导入文件不能超过 10 MB',
  unknownFile: '请上传 Excel（.xlsx）或 MS Project XML（.xml）格式的进度计划',
} as const;

export async function exchangeRoutes(app: FastifyInstance, store: PlanStore): Promise<void> {
  const access = recordAccess(app);
  const { projects } = app.services.portal;
  if (!app.hasContentTypeParser('multipart/form-data'))
    await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, parts: 6 } });
  const doc = (summary: string, description: string) => ({ tags: ['planning'], summary, description, security });

  /** The project's people by name (the file names a 负责人 by name), as the caller may see them. */
  const membersOf = async (request: FastifyRequest, projectId: string): Promise<Map<string, string>> => {
    const answer = await app.inject({
      method: 'GET',
      url: `/api/zhgd/project/${encodeURIComponent(projectId)}/members`,
      headers: { 'access-token': String(request.headers['access-token'] ?? '') },
    });
    const people = (answer.json<{ data?: { id: string; name: string }[] }>().data ?? []).filter(
      (person) => person.name,
    );
    const byName = new Map<string, string>();
    for (const person of people) if (!byName.has(person.name)) byName.set(person.name, person.id);
    return byName;
  };

  app.get(
    '/api/planning/v1.0/import/template',
    {
      schema: doc(
        'Excel template of a schedule',
        'An .xlsx file (not an envelope): 序号, WBS, 任务名称, 工期（工作日）, 计划开始, 计划完成, 前置任务, 负责人, ' +
          '完成百分比, 实际开始, 实际完成, 备注, an example, and a sheet 说明.',
      ),
      config: { auth: 'user', permission: PERMISSIONS.edit, title: '下载进度计划导入模板' },
    },
    async (_request, reply) => sendXlsx(reply, await scheduleTemplate(), 'plan-import.xlsx', '进度计划导入模板.xlsx'),
  );

  app.post<{ Querystring: { projectId: string } }>(
    '/api/planning/v1.0/import',
    {
      schema: {
        ...doc(
          "Imports a project's schedule from Excel or MS Project XML",
          'multipart/form-data with one file `file` (at most 10 MB): an .xlsx whose first sheet has a header row ' +
            '(任务名称 at least; WBS or 大纲级别 for the outline, 序号 and 前置任务 for relations, 工期, dates, 负责人, ' +
            '完成百分比) or an MSPDI file. Replaces the project plan in one transaction: tasks carrying their platform ' +
            'id (唯一标识, Text1) keep it. -400 with data.errors [{row, field, message}] when any row is wrong (nothing ' +
            'imported), or a loop of relations (named).',
        ),
        consumes: ['multipart/form-data'],
        querystring: projectQuery,
      },
      config: { auth: 'user', permission: PERMISSIONS.edit, title: '导入进度计划' },
    },
    async (request) =>
      withinRange(async () => {
        const { projectId } = request.query;
        await access.checkProject(request, projectId);
        const bytes = await readUploadedFile(request, MAX_FILE_BYTES, {
          noFile: ExchangeRouteMessages.noFile,
          tooLarge: ExchangeRouteMessages.tooLarge,
        });
        const inputs = await store.inputs(projectId);
        const calendar = calendarOf(inputs.setting, projectStartOf(inputs));
        let reading: { document: ImportedDocument; errors: RowError[] };
        if (ZIP_MAGIC.every((byte, index) => bytes[index] === byte)) {
          try {
            reading = await readScheduleWorkbook(bytes, (start, finish) => calendar.workingDaysBetween(start, finish));
          } catch (error) {
            if (error instanceof CalendarRangeError) throw error;
            throw new ApiError(MsgCode.invalidInput, 'Excel 文件已损坏或不是 .xlsx 格式，无法读取', undefined, {
              cause: error,
            });
          }
        } else {
          const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
          if (!/^\s*<(\?xml|Project)/.test(text))
            throw new ApiError(MsgCode.invalidInput, ExchangeRouteMessages.unknownFile);
          reading = readMspdi(text);
        }
        if (reading.errors.length > 0) refuse(reading.errors);
        const errors = checkDocument(reading.document);
        if (errors.length > 0) refuse(errors);
        const members = await membersOf(request, projectId);
        const outcome = await applyDocument(
          store,
          projectId,
          reading.document,
          members,
          requireAuth(request).view.user.id,
        );
        return ok(
          `已导入 ${reading.document.tasks.length} 项任务（新增 ${outcome.created} 项，更新 ${outcome.updated} 项，删除 ${outcome.removed} 项），前置关系 ${outcome.links} 条` +
            (outcome.unmatched > 0 ? ExchangeMessages.unmatched(outcome.unmatched) : ''),
          outcome,
        );
      }),
  );

  app.get<{ Querystring: { projectId: string } }>(
    '/api/planning/v1.0/export/mspdi',
    {
      schema: {
        ...doc(
          "A project's schedule as MS Project XML",
          'An MSPDI file (not an envelope): the calendar, every task with its dates, relations, progress, baseline ' +
            'and responsible person, as MS Project 2010 and later, 斑马进度 and P6 read it.',
        ),
        querystring: projectQuery,
      },
      config: { auth: 'user', permission: PERMISSIONS.view, title: '导出 MS Project 计划', audit: true },
    },
    async (request, reply) => {
      const { projectId } = request.query;
      const scope = await projects.scopeOf(requireAuth(request).view.user.id);
      const project = await projects.byId(scope, projectId);
      const inputs = await store.inputs(projectId);
      const schedule = computeSchedule(inputs);
      const calendar = calendarOf(inputs.setting, schedule.projectStart);
      const range = chartRange(schedule);
      const workWeek = inputs.setting?.workWeek ?? '7';
      const weekWorks = (date: string) => {
        const weekday = weekdayOf(epochDay(date));
        return workWeek === '7' || (workWeek === '6' ? weekday !== 0 : weekday !== 0 && weekday !== 6);
      };
      const exceptions: string[] = [];
      const workingExceptions: string[] = [];
      for (let day = epochDay(range.from); day <= epochDay(range.to); day += 1) {
        const date = new Date(day * 86_400_000).toISOString().slice(0, 10);
        const works = calendar.isWorkingDay(day);
        if (!works && weekWorks(date)) exceptions.push(date);
        if (works && !weekWorks(date)) workingExceptions.push(date);
      }
      const xml = writeMspdi({
        projectName: project.name,
        schedule,
        setting: inputs.setting ?? null,
        exceptions,
        workingExceptions,
      });
      return reply
        .type('application/xml; charset=utf-8')
        .header(
          'content-disposition',
          contentDisposition(`${project.name}-进度计划.xml`, { asciiName: 'schedule.xml' }),
        )
        .send(xml);
    },
  );
}
