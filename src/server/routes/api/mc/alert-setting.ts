/**
 * /api/MC/AlertSetting/v1.0: a project's alerts (消息中心 提醒设置): the alerts the loaded modules declare, each
 * switched on or off for the project, with the hours without action after which it escalates and the people it
 * escalates to, in order; and the project's open alerts.
 *   GET /list?projectId            -> data {dataList, total}: one row per declared alert (mc:alert:edit)
 *   PUT /{alertId}                 (schemas/forms/alert-setting.json, with projectId) -> data: the row (mc:alert:edit)
 *   GET /open?projectId&limit      -> data {dataList, total}: the project's open alerts, newest first
 * A project the caller may not see: -403.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../shared/envelope.js';
import type { AlertSettingRow, OpenAlertRow } from '../../../alerts/alerts.js';
import { projectMembers } from '../../../collections/project-members.js';
import { adminConfig, needs } from '../../../http/admin-schemas.js';
import { envelope, pageEnvelope } from '../../../http/envelope-schema.js';
import { ok } from '../../../http/route-helpers.js';
import { security } from '../../../http/portal-schemas.js';
import { requireAuth } from '../../../http/request-context.js';

export const ALERT_EDIT = 'mc:alert:edit';

const str = { type: 'string' } as const;
const settingRow = {
  type: 'object',
  required: ['id', 'title', 'kindLabel', 'enabled', 'escalateTo', 'escalateToNames', 'openCount'],
  properties: {
    id: str,
    title: str,
    description: str,
    kindLabel: str,
    enabled: { type: 'boolean' },
    escalateAfterHours: { type: ['number', 'null'] },
    escalateTo: { type: 'array', items: str },
    escalateToNames: str,
    openCount: { type: 'integer' },
    projectId: str,
  },
};
const openRow = {
  type: 'object',
  required: ['id', 'ruleId', 'ruleTitle', 'title', 'content', 'link', 'level', 'raisedAt', 'raisedAtText'],
  properties: {
    id: str,
    ruleId: str,
    ruleTitle: str,
    title: str,
    content: str,
    link: str,
    level: { type: 'integer' },
    raisedAt: str,
    raisedAtText: str,
  },
};
const projectQuery = {
  type: 'object',
  required: ['projectId'],
  properties: { projectId: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

type WireSetting = Omit<AlertSettingRow, 'enabled'> & { enabled: boolean; projectId: string };

const wire = (row: AlertSettingRow, projectId: string): WireSetting => ({
  ...row,
  enabled: row.enabled === '1',
  projectId,
});

const routes: FastifyPluginAsync = async (app) => {
  const { forms, db } = app.services;
  const { projects } = app.services.portal;
  const visibleProject = async (userId: string, projectId: string) =>
    projects.byId(await projects.scopeOf(userId), projectId);

  app.get<{ Querystring: { projectId: string } }>(
    '/list',
    {
      config: adminConfig(ALERT_EDIT, '查看提醒设置'),
      schema: {
        tags: ['messages'],
        summary: "A project's alerts and their escalation",
        description: needs(ALERT_EDIT),
        security,
        querystring: projectQuery,
        response: { 200: pageEnvelope(settingRow, { paging: null }) },
      },
    },
    async (request): Promise<Envelope<{ dataList: WireSetting[]; total: number }>> => {
      const project = await visibleProject(requireAuth(request).view.user.id, request.query.projectId);
      const rows = await app.alerts.settings(project.id);
      return ok('', { dataList: rows.map((row) => wire(row, project.id)), total: rows.length });
    },
  );

  app.put<{ Params: { id: string }; Body: unknown }>(
    '/:id',
    {
      config: adminConfig(ALERT_EDIT, '修改提醒设置'),
      schema: {
        tags: ['messages'],
        summary: "Set one alert's escalation in a project",
        description:
          'Body: schemas/forms/alert-setting.json. escalateAfterHours empty: no escalation; escalateTo the ' +
          `project's people in order (others: -400). ${needs(ALERT_EDIT)}`,
        security,
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } },
        body: forms.wireSchema('alert-setting'),
        response: { 200: envelope({ data: settingRow }) },
      },
    },
    async (request): Promise<Envelope<WireSetting>> => {
      const input = forms.validate<{
        projectId: string;
        enabled?: boolean;
        escalateAfterHours?: number;
        escalateTo?: string[];
      }>('alert-setting', request.body);
      const userId = requireAuth(request).view.user.id;
      const project = await visibleProject(userId, input.projectId);
      const members = new Set((await projectMembers(db, project.id)).map((member) => member.id));
      const row = await app.alerts.saveSetting(
        project.id,
        request.params.id,
        {
          enabled: input.enabled !== false,
          escalateAfterHours: input.escalateAfterHours ?? null,
          escalateTo: input.escalateTo ?? [],
        },
        members,
        userId,
      );
      return ok('保存成功', wire(row, project.id));
    },
  );

  app.get<{ Querystring: { projectId: string; limit?: number } }>(
    '/open',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['messages'],
        summary: "A project's open alerts",
        description: 'Newest first; limit 1..100 (default 20).',
        security,
        querystring: {
          ...projectQuery,
          properties: { ...projectQuery.properties, limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
        },
        response: { 200: pageEnvelope(openRow, { paging: null }) },
      },
    },
    async (request): Promise<Envelope<{ dataList: OpenAlertRow[]; total: number }>> => {
      const project = await visibleProject(requireAuth(request).view.user.id, request.query.projectId);
      const open = await app.alerts.openIn(project.id, request.query.limit ?? 20);
      return ok('', { dataList: open.rows, total: open.total });
    },
  );
};

/** The URL prefix of this file's routes. */
export const prefix = '/api/MC/AlertSetting/v1.0';
export default routes;
