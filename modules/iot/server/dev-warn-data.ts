/**
 * POST /api/device/base/v1.0/devWarnData {projectName?, status?, warnLevel?, pageNum, pageSize}: the device warnings
 * (the collection iot-warning: 塔吊、升降机、扬尘...) of the named project, or of every project the user may see,
 * newest first, in the spec's shape. Answer data {dataList: DeviceWarningRow[], total, unhandled}: status '0' is a
 * warning not yet closed, '1' a closed one; warnLevel '2' 预警 (较重), '3' 报警 (严重).
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  bodyOrEmpty,
  chinaDateTime,
  type Envelope,
  ok,
  pageEnvelope,
  pageProperties,
  portalContext,
  projectNameProperty,
  requireAuth,
  type Schema,
  security,
} from '../../../src/server/module-api.js';

export interface DeviceWarningRow {
  id: string;
  deviceName: string;
  deviceType: string;
  deviceCode: string;
  warnType: string;
  warnLevel: string;
  content: string;
  warnTime: string;
  status: string;
  projectName: string;
}

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

export async function devWarnDataRoute(app: FastifyInstance): Promise<void> {
  const { db } = app.services;
  app.post<{ Body: Body }>(
    '/api/device/base/v1.0/devWarnData',
    {
      config: { auth: 'user', audit: false },
      preValidation: bodyOrEmpty,
      schema: {
        tags: ['iot'],
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
          200: pageEnvelope(rowSchema, { paging: null, extra: { unhandled: { type: 'integer' } } }),
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
      if (projectIds.length === 0) return ok('', { dataList: [], total: 0, unhandled: 0 });
      const inProjects = sql`w.project_id in (${sql.join(projectIds)})`;
      const filters = [inProjects];
      if (status) filters.push(status === '1' ? sql`w.status = 'closed'` : sql`w.status <> 'closed'`);
      if (warnLevel)
        filters.push(
          warnLevel === '3' ? sql`w.level = 'alarm'` : warnLevel === '2' ? sql`w.level = 'early'` : sql`false`,
        );
      const where = sql.join(filters, sql` and `);
      const [page, counts] = await Promise.all([
        sql<{
          id: string;
          device_name: string;
          device_type: string;
          serial: string;
          title: string;
          level: string;
          metric: string;
          value: number;
          limit: number;
          unit: string | null;
          opened_at: Date;
          status: string;
          project_name: string;
        }>`select w.id, d.name as device_name, coalesce(t.label, d.device_type) as device_type,
            d.serial, w.title, w.level, w.metric, w.value, w."limit", w.unit, w.opened_at, w.status,
            p.name as project_name
          from c_iot_warning w join c_iot_device d on d.id = w.device_id join project p on p.id = w.project_id
          left join sys_dict t on t.type = 'iot_device_type' and t.value = d.device_type
          where ${where} order by w.opened_at desc, w.id limit ${pageSize} offset ${(pageNum - 1) * pageSize}`.execute(
          db,
        ),
        sql<{ total: string; unhandled: string }>`select
            (select count(*) from c_iot_warning w where ${where}) as total,
            (select count(*) from c_iot_warning w where ${inProjects} and w.status <> 'closed') as unhandled`.execute(
          db,
        ),
      ]);
      return ok('', {
        dataList: page.rows.map((row) => ({
          id: row.id,
          deviceName: row.device_name,
          deviceType: row.device_type,
          deviceCode: row.serial,
          warnType: row.title,
          warnLevel: row.level === 'alarm' ? '3' : '2',
          content: `${row.metric} ${row.value}${row.unit ?? ''}，阈值 ${row.limit}${row.unit ?? ''}`,
          warnTime: chinaDateTime(new Date(row.opened_at)),
          status: row.status === 'closed' ? '1' : '0',
          projectName: row.project_name,
        })),
        total: Number(counts.rows[0]?.total ?? 0),
        unhandled: Number(counts.rows[0]?.unhandled ?? 0),
      });
    },
  );
}
