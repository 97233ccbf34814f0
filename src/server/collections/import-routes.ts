/**
 * Excel import of a collection, under `/api/data/<collection id>/import`:
 *   GET  /template          the .xlsx template: the importable fields' titles as headers, choices as drop-downs
 *   POST /?projectId=       multipart, one .xlsx in `file`: creates an import job and answers its id at once
 *   GET  /:jobId            the job's progress: done/total, created, failed, the per-row errors
 *   GET  /:jobId/errors     the failed rows as .xlsx, with a 错误原因 column, to fix and import again
 * The job (import-job.ts) runs on the job queue, so a large file neither blocks a request nor is lost when the
 * instance restarts. Each route needs the collection's `edit` permission and the project in the caller's scope;
 * a job is readable only through its own collection.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MsgCode } from '../../shared/envelope.js';
import { security } from '../http/admin-schemas.js';
import { ApiError } from '../http/api-error.js';
import { envelope, type Schema } from '../http/envelope-schema.js';
import { ok, sendXlsx } from '../http/route-helpers.js';
import { requireAuth } from '../http/request-context.js';
import { readUploadedFile } from '../http/uploaded-file.js';
import { loadExcel } from '../lib/excel.js';
import type { JobInfo } from '../jobs/types.js';
import { importTemplate, type ImportColumn } from './import-columns.js';
import {
  IMPORT_JOB,
  MAX_IMPORT_ROWS,
  type ImportPayload,
  type ImportProgress,
  type ImportResult,
} from './import-job.js';
import { recordAccess } from './access.js';
import type { CollectionRecords } from './records.js';

const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** The start of every .xlsx (a ZIP archive). */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

export const ImportRouteMessages = {
  noFile: '请选择要导入的 Excel 文件',
  tooLarge: '导入文件不能超过 20 MB',
  notXlsx: '请上传 .xlsx 格式的 Excel 文件（可先下载导入模板）',
  noJob: '导入任务不存在或已过期',
} as const;

const STATES: Record<JobInfo['state'], 'waiting' | 'running' | 'done' | 'failed'> = {
  created: 'waiting',
  retry: 'waiting',
  active: 'running',
  completed: 'done',
  failed: 'failed',
  cancelled: 'failed',
};

const rowError: Schema = {
  type: 'object',
  properties: {
    row: { type: 'integer', description: 'Excel row number (the header is row 1)' },
    field: { type: 'string' },
    title: { type: 'string', description: "the column's header" },
    message: { type: 'string' },
  },
};

const progressSchema: Schema = {
  type: 'object',
  properties: {
    jobId: { type: 'string' },
    state: { type: 'string', enum: ['waiting', 'running', 'done', 'failed'] },
    total: { type: 'integer' },
    done: { type: 'integer' },
    created: { type: 'integer' },
    failed: { type: 'integer' },
    errors: { type: 'array', items: rowError },
    message: { type: 'string', description: 'why the whole import failed (state failed)' },
  },
};

export async function importRoutes(app: FastifyInstance, records: CollectionRecords): Promise<void> {
  const { file } = records;
  const { projects } = app.services.portal;
  const access = recordAccess(app);
  const { db } = app.services;
  const edit = file.permissions.edit;
  const tags = ['data'];
  const doc = (summary: string, description: string) => ({
    tags,
    summary,
    description: `${description} Needs the permission \`${edit}\`; only projects the caller may see.`,
    security,
  });
  const config = (title: string, audit?: boolean) => ({
    auth: 'user' as const,
    permission: edit,
    title,
    ...(audit === undefined ? {} : { audit }),
  });
  if (!app.hasContentTypeParser('multipart/form-data'))
    await app.register(multipart, { limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 5, parts: 6 } });

  /** The job, if it is an import of this collection in a project the caller may see; else -404. */
  const importJob = async (request: FastifyRequest, id: string): Promise<JobInfo> => {
    const job = await app.jobs.get(IMPORT_JOB, id);
    const payload = job?.payload as Partial<ImportPayload> | undefined;
    const scope = await projects.scopeOf(requireAuth(request).view.user.id);
    if (!job || job.name !== IMPORT_JOB || payload?.collection !== file.id || !job.projectId)
      throw new ApiError(MsgCode.notFound, ImportRouteMessages.noJob);
    if (!(await projects.sees(scope, job.projectId))) throw new ApiError(MsgCode.notFound, ImportRouteMessages.noJob);
    return job;
  };
  /** Choices of a column as the template's drop-down offers them. */
  const choices = async (column: ImportColumn): Promise<string[] | undefined> => {
    if (column.options) return [...column.options.values()];
    const reference = column.reference;
    if (!reference || !('dictionary' in reference)) return undefined;
    const rows = await db
      .selectFrom('sys_dict')
      .select('label')
      .where('type', '=', reference.dictionary)
      .orderBy('sort')
      .execute();
    return rows.map((row) => row.label);
  };

  app.get(
    '/import/template',
    {
      schema: doc(
        `Import template of ${file.id}`,
        `An .xlsx file (not an envelope): a sheet ${file.title} whose header row is the importable fields' titles ` +
          '(* after a required one), choices and dictionary fields as drop-downs of their labels, and a sheet 说明.',
      ),
      config: config(`下载${file.title}导入模板`),
    },
    async (_request, reply) =>
      sendXlsx(reply, await importTemplate(file, choices), `${file.id}-import.xlsx`, `${file.title}导入模板.xlsx`),
  );

  app.post<{ Querystring: { projectId: string } }>(
    '/import',
    {
      schema: {
        ...doc(
          `Import ${file.id} from Excel`,
          `multipart/form-data with one file field \`file\` (.xlsx, at most 20 MB, ${MAX_IMPORT_ROWS} rows), first ` +
            'sheet, header row as in the template (columns by header text, any order). Answers data {jobId} at ' +
            'once; the rows are imported by a job: each is validated with the collection file (the messages of a ' +
            'create), labels are turned into values, good rows are written in batches, bad ones reported by row. ' +
            'Read the progress with GET import/{jobId}. -400 for a file that is not .xlsx.',
        ),
        consumes: ['multipart/form-data'],
        querystring: {
          type: 'object',
          required: ['projectId'],
          properties: {
            projectId: { type: 'string', minLength: 1, maxLength: 64, errorMessage: { required: '请选择项目' } },
          },
        },
        response: { 200: envelope({ data: { type: 'object', properties: { jobId: { type: 'string' } } } }) },
      },
      config: config(`导入${file.title}`),
    },
    async (request) => {
      const { projectId } = request.query;
      await access.checkProject(request, projectId);
      const bytes = await readUploadedFile(request, MAX_FILE_BYTES, {
        noFile: ImportRouteMessages.noFile,
        tooLarge: ImportRouteMessages.tooLarge,
      });
      if (!ZIP_MAGIC.every((byte, index) => bytes[index] === byte))
        throw new ApiError(MsgCode.invalidInput, ImportRouteMessages.notXlsx);
      const actorId = requireAuth(request).view.user.id;
      const jobId = await app.jobs.send(
        IMPORT_JOB,
        { collection: file.id, projectId, actorId },
        // A second attempt would write the good rows twice: an import that broke off is reported, not repeated.
        { maxAttempts: 1, ownerId: actorId, projectId, file: { name: `${file.id}.xlsx`, bytes } },
      );
      return ok('已开始导入', { jobId });
    },
  );

  app.get<{ Params: { jobId: string } }>(
    '/import/:jobId',
    {
      schema: {
        ...doc(
          `Import progress of ${file.id}`,
          'state waiting/running/done/failed; done of total rows, created, failed, and the errors ' +
            '[{row, field, title, message}] (the first 100 while it runs, all once done); message when it failed.',
        ),
        params: { type: 'object', required: ['jobId'], properties: { jobId: { type: 'string', maxLength: 64 } } },
        response: { 200: envelope({ data: progressSchema }) },
      },
      config: config(`${file.title}导入进度`),
    },
    async (request) => {
      const job = await importJob(request, request.params.jobId);
      const counts = (job.result ?? job.progress ?? {}) as Partial<ImportProgress>;
      return ok('', {
        jobId: job.id,
        state: STATES[job.state],
        total: counts.total ?? 0,
        done: counts.done ?? 0,
        created: counts.created ?? 0,
        failed: counts.failed ?? 0,
        errors: counts.errors ?? [],
        ...(job.state === 'failed' || job.state === 'cancelled' ? { message: job.error ?? '导入失败' } : {}),
      });
    },
  );

  app.get<{ Params: { jobId: string } }>(
    '/import/:jobId/errors',
    {
      schema: {
        ...doc(
          `Failed rows of an import of ${file.id}`,
          'An .xlsx file (not an envelope): the rows that were not imported, as they were written, with their ' +
            'row number and a 错误原因 column; -404 before the import is done.',
        ),
        params: { type: 'object', required: ['jobId'], properties: { jobId: { type: 'string', maxLength: 64 } } },
      },
      config: config(`下载${file.title}导入错误行`),
    },
    async (request, reply) => {
      const job = await importJob(request, request.params.jobId);
      const result = job.result as ImportResult | null;
      if (job.state !== 'completed' || !result) throw new ApiError(MsgCode.notFound, ImportRouteMessages.noJob);
      const Excel = await loadExcel();
      const workbook = new Excel.Workbook();
      const sheet = workbook.addWorksheet(`${file.title}导入错误`);
      sheet.columns = ['原行号', ...result.headers].map((header) => ({
        header,
        width: Math.max(12, header.length * 2 + 4),
      }));
      sheet.getRow(1).font = { bold: true };
      for (const row of result.failedRows) sheet.addRow([row.row, ...row.cells, row.reason]);
      sheet.getColumn(result.headers.length + 1).width = 50;
      const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
      return sendXlsx(reply, bytes, `${file.id}-import-errors.xlsx`, `${file.title}导入错误行.xlsx`);
    },
  );
}
