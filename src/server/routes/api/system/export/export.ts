/**
 * GET /api/system/export/{pageId}: an .xlsx of what an administration page's list shows (src/server/admin/
 * page-export.ts). The query string carries the page's filters. The page's export permission (default: the
 * page's permission) is checked here; its list call, made as the caller, applies the list's own checks.
 */
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { MsgCode } from '../../../../../shared/envelope.js';
import { ApiError } from '../../../../http/api-error.js';
import { security } from '../../../../http/admin-schemas.js';
import { sendXlsx } from '../../../../http/route-helpers.js';
import { modulePageDirs } from '../../../../modules/module-files.js';
import { schemasDir } from '../../../../paths.js';
import { ACCESS_TOKEN_HEADER } from '../../../../plugins/auth.js';
import { requirePermission } from '../../../../plugins/permissions.js';
import {
  exportRows,
  exportWorkbook,
  ExportRefused,
  loadExportablePages,
  MAX_EXPORT_ROWS,
} from '../../../../admin/page-export.js';

const routes: FastifyPluginAsync = async (app) => {
  const pages = loadExportablePages([path.join(schemasDir, 'pages'), ...modulePageDirs()]);

  app.get<{ Params: { pageId: string }; Querystring: Record<string, string> }>(
    '/:pageId',
    {
      schema: {
        tags: ['system'],
        summary: 'Excel export of an administration page',
        description:
          `An .xlsx file (not an envelope) of the rows the page's list shows for the filters in the query string, ` +
          `every page, at most ${MAX_EXPORT_ROWS}; the page file's columns (images left out) with the screen's cell ` +
          `texts. Pages: those of schemas/pages with an \`export\`. -404 for another page, -403 无权访问 without its ` +
          'export permission; the list call answers as it would to the caller.',
        security,
        params: {
          type: 'object',
          required: ['pageId'],
          properties: { pageId: { type: 'string', pattern: '^[a-z][a-zA-Z0-9-]*$', maxLength: 64 } },
        },
        querystring: { type: 'object', additionalProperties: { type: 'string', maxLength: 100 } },
      },
      config: { auth: 'user', audit: true, title: '导出数据' },
    },
    async (request, reply) => {
      const page = pages.get(request.params.pageId);
      if (!page) throw new ApiError(MsgCode.notFound, '该页面不支持导出');
      const permission = page.export.permission ?? page.permission;
      if (permission) await requirePermission(app, request, [permission]);
      const token = String(request.headers[ACCESS_TOKEN_HEADER] ?? '');
      try {
        const rows = await exportRows(page, request.query, async (url, query) => {
          const answer = await app.inject({
            method: 'GET',
            url,
            query,
            headers: { [ACCESS_TOKEN_HEADER]: token },
          });
          return answer.json<{ msgCode: number; errMsg: string; data?: unknown }>();
        });
        const file = await exportWorkbook(page, rows);
        return sendXlsx(reply, file, 'export.xlsx', `${page.export.fileName}.xlsx`);
      } catch (error) {
        if (error instanceof ExportRefused) throw new ApiError(error.msgCode, error.message);
        throw error;
      }
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/system/export';
export default routes;
