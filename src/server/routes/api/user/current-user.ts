/**
 * GET /api/user/getCurrentUser: the logged-in user. Benchmarked: answered from the auth context (HMAC check and
 * in-process caches), no database query on the hot path.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { CurrentUser, Envelope } from '../../../../shared/envelope.js';
import { currentUserSchema, envelope } from '../../../http/envelope-schema.js';
import { requireAuth } from '../../../http/request-context.js';

const schema = {
  tags: ['user'],
  summary: 'The current user',
  security: [{ accessToken: [] }],
  response: { 200: envelope({ data: currentUserSchema }) },
};

const routes: FastifyPluginAsync = async (app) => {
  app.get('/getCurrentUser', { schema, config: { auth: 'user' } }, async (request): Promise<Envelope<CurrentUser>> => ({
    msgCode: 0,
    errMsg: '',
    data: requireAuth(request).view.user,
  }));
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/user';
export default routes;
