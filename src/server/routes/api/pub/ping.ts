/** GET /api/pub/ping: liveness, no database (the benchmark baseline). */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../shared/envelope.js';
import { envelope } from '../../../http/envelope-schema.js';

const ok: Envelope = { msgCode: 0, errMsg: '' };

const routes: FastifyPluginAsync = async (app) => {
  app.get(
    '/ping',
    { schema: { tags: ['pub'], summary: 'Liveness check', response: { 200: envelope() } } },
    async () => ok,
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/pub';
export default routes;
