/**
 * POST /api/device/base/v1.0/devWarnData {projectName?, status?, warnLevel?, pageNum, pageSize}: device warnings
 * (塔吊、升降机、扬尘...) of the named project, or of every project the user may see, newest first.
 * Answer data {dataList: DeviceWarningRow[], total, unhandled}.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../../../shared/envelope.js';
import { envelope, type Schema } from '../../../../../http/envelope-schema.js';
import { ok } from '../../../../../http/route-helpers.js';
import { requireAuth } from '../../../../../plugins/auth.js';
import { portalContext } from '../../../../../services/portal.js';
import type { DeviceWarningRow } from '../../../../../services/site-data.js';
import { bodyOrEmpty, pageProperties, projectNameProperty, security } from '../../../zhgd/portal-schemas.js';

interface Body {
  projectName?: string;
  status?: '0' | '1';
  warnLevel?: '1' | '2' | '3';
  pageNum: number;
  pageSize: number;
}

const str = { type: 'string' } as const;

const rowSchema: Schema = {
  type: 'object',
  required: ['id', 'deviceName', 'deviceType', 'deviceCode', 'warnType', 'warnLevel', 'content', 'warnTime', 'status'],
  properties: {
    id: str,
    deviceName: str,
    deviceType: str,
    deviceCode: str,
    warnType: str,
    warnLevel: { type: 'string', description: '1 一般, 2 较重, 3 严重' },
    content: str,
    warnTime: { type: 'string', description: "'yyyy-MM-dd HH:mm:ss', China time" },
    status: { type: 'string', description: '0 unhandled, 1 handled' },
    projectName: str,
  },
};

const routes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: Body }>(
    '/devWarnData',
    {
      config: { auth: 'user', audit: false },
      preValidation: bodyOrEmpty,
      schema: {
        tags: ['workbench'],
        summary: 'Device warnings',
        description: 'unhandled counts the unhandled warnings of the same projects regardless of the filters.',
        security,
        body: {
          type: 'object',
          properties: {
            projectName: projectNameProperty,
            status: {
              type: 'string',
              enum: ['0', '1'],
              errorMessage: { enum: '处理状态只能是 0 或 1', type: '处理状态只能是 0 或 1' },
            },
            warnLevel: {
              type: 'string',
              enum: ['1', '2', '3'],
              errorMessage: { enum: '告警级别只能是 1、2 或 3', type: '告警级别只能是 1、2 或 3' },
            },
            ...pageProperties(10),
          },
        },
        response: {
          200: envelope({
            data: {
              type: 'object',
              required: ['dataList', 'total', 'unhandled'],
              properties: {
                dataList: { type: 'array', items: rowSchema },
                total: { type: 'integer' },
                unhandled: { type: 'integer' },
              },
            },
          }),
        },
      },
    },
    async (request): Promise<Envelope<{ dataList: DeviceWarningRow[]; total: number; unhandled: number }>> => {
      const { portal } = app.services;
      const { projectName, status, warnLevel, pageNum, pageSize } = request.body;
      const ctx = await portalContext(portal, requireAuth(request).view, projectName);
      const projectIds = ctx.project
        ? [ctx.project.id]
        : (await portal.projects.list(ctx.scope, [], { pageNum: 1, limit: 10_000 })).dataList.map((p) => p.ID);
      return ok('', await portal.siteData.warnings(projectIds, { status, warnLevel }, { pageNum, pageSize }));
    },
  );
};
export default routes;
