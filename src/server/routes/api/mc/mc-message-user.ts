/**
 * /api/MC/McMessageUser/v1.0: the header's message badge.
 *   GET  /personalTotal -> data: number of the caller's unread messages (every project)
 *   POST /read {id}     -> marks one of the caller's messages read (someone else's or unknown: -404)
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../shared/envelope.js';
import { envelope } from '../../../http/envelope-schema.js';
import { ok } from '../../../http/route-helpers.js';
import { requireAuth } from '../../../plugins/auth.js';
import { bodyOrEmpty, security } from '../zhgd/portal-schemas.js';

const routes: FastifyPluginAsync = async (app) => {
  app.get(
    '/personalTotal',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['workbench'],
        summary: 'Unread message count of the caller',
        security,
        response: { 200: envelope({ data: { type: 'integer' } }) },
      },
    },
    async (request): Promise<Envelope<number>> =>
      ok('', await app.services.portal.messages.unreadCount(requireAuth(request).view.user.id)),
  );

  app.post<{ Body: { id: string } }>(
    '/read',
    {
      config: { auth: 'user', title: '消息已读' },
      preValidation: bodyOrEmpty,
      schema: {
        tags: ['workbench'],
        summary: "Mark one of the caller's messages read",
        description: "Body {id} (a message id from /api/zhgd/workbench/myMessage). Unknown or not the caller's: -404.",
        security,
        body: {
          type: 'object',
          required: ['id'],
          properties: {
            id: {
              type: 'string',
              minLength: 1,
              maxLength: 64,
              errorMessage: { required: '请选择消息', minLength: '请选择消息', maxLength: '消息编号格式不正确' },
            },
          },
        },
        response: { 200: envelope() },
      },
    },
    async (request): Promise<Envelope> => {
      const { view } = requireAuth(request);
      await app.services.portal.messages.markRead(view.user.id, request.body.id, app.services.config.now());
      return ok('');
    },
  );
};
export default routes;
