/**
 * /api/MC/ProjectRobot/v1.0: the group robots of the caller's projects (消息中心 群机器人): a WeCom and a DingTalk
 * custom robot per project, where the messages of the people who chose it go (messages/robots.ts).
 *   GET /list?pageNo&pageSize&name  -> data {dataList, total, pageNo, pageSize}: the projects the caller sees
 *   PUT /{projectId}                (schemas/forms/project-robot.json) -> data: the row
 * Both need mc:alert:edit; the DingTalk secret reads back as ******.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../shared/envelope.js';
import { adminConfig, needs } from '../../../http/admin-schemas.js';
import { envelope, pageEnvelope } from '../../../http/envelope-schema.js';
import { dropEmptyInput, ok } from '../../../http/route-helpers.js';
import { security } from '../../../http/portal-schemas.js';
import { requireAuth } from '../../../http/request-context.js';
import type { ProjectRobotSettings } from '../../../messages/robots.js';
import { ALERT_EDIT } from './alert-setting.js';

const str = { type: 'string' } as const;
const robotRow = {
  type: 'object',
  required: ['id', 'name', 'wecomUrl', 'dingtalkUrl', 'dingtalkSecret'],
  properties: { id: str, name: str, wecomUrl: str, dingtalkUrl: str, dingtalkSecret: str },
};

interface RobotRow extends ProjectRobotSettings {
  id: string;
  name: string;
}

const routes: FastifyPluginAsync = async (app) => {
  const { forms, projectRobots } = app.services;
  const { projects } = app.services.portal;

  app.get<{ Querystring: { pageNo: number; pageSize: number; name?: string } }>(
    '/list',
    {
      config: adminConfig(ALERT_EDIT, '查看群机器人'),
      preValidation: dropEmptyInput,
      schema: {
        tags: ['messages'],
        summary: "The group robots of the caller's projects",
        description: needs(ALERT_EDIT),
        security,
        querystring: {
          type: 'object',
          properties: {
            pageNo: { type: 'integer', minimum: 1, default: 1 },
            pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 10 },
            name: { type: 'string', maxLength: 100 },
          },
        },
        response: { 200: pageEnvelope(robotRow) },
      },
    },
    async (request): Promise<Envelope<{ dataList: RobotRow[]; total: number; pageNo: number; pageSize: number }>> => {
      const { pageNo, pageSize, name } = request.query;
      const scope = await projects.scopeOf(requireAuth(request).view.user.id);
      const page = await projects.list(
        scope,
        name ? [{ fieldName: 'PROJECT_NAME', condition: 'like', value: name }] : [],
        { pageNum: pageNo, limit: pageSize },
      );
      const dataList: RobotRow[] = [];
      for (const project of page.dataList)
        dataList.push({ id: project.ID, name: project.PROJECT_NAME, ...(await projectRobots.get(project.ID)) });
      return ok('', { dataList, total: page.total, pageNo, pageSize });
    },
  );

  app.put<{ Params: { id: string }; Body: unknown }>(
    '/:id',
    {
      config: adminConfig(ALERT_EDIT, '修改群机器人'),
      schema: {
        tags: ['messages'],
        summary: "Set a project's group robots",
        description:
          'Body: schemas/forms/project-robot.json. An empty address removes that robot; dingtalkSecret empty ' +
          `keeps the saved one, '-' removes it. ${needs(ALERT_EDIT)}`,
        security,
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 64 } } },
        body: forms.wireSchema('project-robot'),
        response: { 200: envelope({ data: robotRow }) },
      },
    },
    async (request): Promise<Envelope<RobotRow>> => {
      const input = forms.validate<Partial<ProjectRobotSettings>>('project-robot', request.body);
      const userId = requireAuth(request).view.user.id;
      const project = await projects.byId(await projects.scopeOf(userId), request.params.id);
      const saved = await projectRobots.save(
        project.id,
        {
          wecomUrl: input.wecomUrl ?? '',
          dingtalkUrl: input.dingtalkUrl ?? '',
          dingtalkSecret: input.dingtalkSecret ?? '',
        },
        userId,
      );
      return ok('保存成功', { id: project.id, name: project.name, ...saved });
    },
  );
};

/** The URL prefix of this file's routes. */
export const prefix = '/api/MC/ProjectRobot/v1.0';
export default routes;
