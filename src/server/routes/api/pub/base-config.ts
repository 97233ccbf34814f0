/** GET /api/pub/baseConfig/newest: the newest base config (spec: "base config detail", path not shown). */
import type { FastifyPluginAsync } from 'fastify';
import type { BaseConfig, Envelope } from '../../../../shared/envelope.js';
import { baseConfigSchema, envelope } from '../../../http/envelope-schema.js';

const schema = {
  tags: ['pub'],
  summary: 'Newest base config (item.newest)',
  response: {
    200: envelope({ item: { type: 'object', required: ['newest'], properties: { newest: baseConfigSchema } } }),
  },
};

const routes: FastifyPluginAsync = async (app) => {
  app.get('/baseConfig/newest', { schema }, async (): Promise<Envelope<never, { newest: BaseConfig }>> => ({
    msgCode: 0,
    errMsg: '',
    item: { newest: await app.services.baseConfigs.newest() },
  }));
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/pub';
export default routes;
