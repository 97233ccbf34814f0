/** POST /api/token/refresh {refreshToken}: a new token pair; the presented refresh token is spent. */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope, TokenPair } from '../../../../shared/envelope.js';
import { envelope, tokenPairSchema } from '../../../http/envelope-schema.js';
import { sessionClient } from '../../../http/route-helpers.js';

interface RefreshBody {
  refreshToken: string;
}

const schema = {
  tags: ['auth'],
  summary: 'Rotate the refresh token for a new token pair',
  body: {
    type: 'object',
    required: ['refreshToken'],
    properties: {
      refreshToken: { type: 'string', minLength: 1, maxLength: 256, errorMessage: { required: '缺少刷新令牌' } },
    },
  },
  response: { 200: envelope({ data: tokenPairSchema }) },
};

const routes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: RefreshBody }>(
    '/refresh',
    { schema, config: { title: '刷新令牌' } },
    async (request): Promise<Envelope<TokenPair>> => ({
      msgCode: 0,
      errMsg: '',
      data: await app.services.authentication.refresh(request.body.refreshToken, sessionClient(request)),
    }),
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/token';
export default routes;
