/** GET /api/pub/gateway/tiles: the gateway page's "my applications" tiles (public; path not shown in the spec). */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope, MenuRecord } from '../../../../shared/envelope.js';
import { envelope } from '../../../http/envelope-schema.js';

const schema = {
  tags: ['pub'],
  summary: 'Gateway tiles (menu records under the gateway root, in sort order)',
  response: { 200: envelope({ data: { type: 'array', items: { $ref: 'MenuRecord#' } } }) },
};

const routes: FastifyPluginAsync = async (app) => {
  app.get('/gateway/tiles', { schema }, async (): Promise<Envelope<MenuRecord[]>> => ({
    msgCode: 0,
    errMsg: '',
    data: await app.services.menus.gatewayTiles(),
  }));
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/pub';
export default routes;
