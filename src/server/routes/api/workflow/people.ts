/**
 * GET /api/workflow/people?projectId=: the people of a project (its company's live users), whom the approval
 * screens' pickers offer: the approvers a starter chooses (发起人自选), the person a task is transferred to or a
 * signer added. The engine checks the same membership when the choice arrives.
 */
import type { FastifyPluginAsync } from 'fastify';
import { envelope } from '../../../http/envelope-schema.js';
import { ok } from '../../../http/route-helpers.js';
import { security } from '../../../http/portal-schemas.js';
import { tags } from '../../../workflow/route-schemas.js';
import { requireAuth } from '../../../http/request-context.js';

const routes: FastifyPluginAsync = async (app) => {
  const { projects } = app.services.portal;
  app.get<{ Querystring: { projectId: string } }>(
    '/',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "A project's people, for the approval pickers",
        description:
          'data: [{id, name, officeName}] by name, the live users of the project’s company. -403 a project the ' +
          'caller may not see.',
        security,
        querystring: {
          type: 'object',
          required: ['projectId'],
          properties: {
            projectId: {
              type: 'string',
              minLength: 1,
              maxLength: 64,
              errorMessage: { required: '请选择项目', minLength: '请选择项目', maxLength: '项目不正确' },
            },
          },
        },
        response: {
          200: envelope({
            data: {
              type: 'array',
              items: {
                type: 'object',
                properties: { id: { type: 'string' }, name: { type: 'string' }, officeName: { type: 'string' } },
              },
            },
          }),
        },
      },
    },
    async (request) => {
      const { view } = requireAuth(request);
      await projects.byId(await projects.scopeOf(view.user.id), request.query.projectId);
      return ok('', await app.workflow.approvers.projectPeople(request.query.projectId));
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/workflow/people';
export default routes;
