/**
 * GET /api/pub/geo/:code: the outlines the company's big screen draws (portal/china-geo.ts), GeoJSON in the
 * envelope's data: the country (100000) or a province (its six-digit code, 330000). Public and cached like a static
 * file: outlines are no secret and change only with the shipped package; the browser loads them only on that screen.
 */
import type { FastifyPluginAsync } from 'fastify';
import { MsgCode } from '../../../../shared/envelope.js';
import { ApiError } from '../../../http/api-error.js';
import { sendCachedAnswer } from '../../../http/cached-answer.js';
import { CachedAnswer } from '../../../portal/menu-tree-cache.js';
import { geoMap } from '../../../portal/china-geo.js';

const routes: FastifyPluginAsync = async (app) => {
  // Each map serialized and compressed once per process.
  const answers = new Map<string, CachedAnswer>();
  app.get<{ Params: { code: string } }>(
    '/geo/:code',
    {
      schema: {
        tags: ['pub'],
        summary: 'Map outlines (GeoJSON) of China or of one province',
        description:
          'data: a FeatureCollection whose features carry properties {name, adcode, cp: [lng, lat]}. 100000 is the ' +
          'country; a province is its six-digit area code. Any other code: -404.',
        params: {
          type: 'object',
          required: ['code'],
          properties: { code: { type: 'string', pattern: '^\\d{6}$', errorMessage: { pattern: '地图编码为6位数字' } } },
        },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      let answer = answers.get(code);
      if (!answer) {
        const map = geoMap(code);
        if (!map) throw new ApiError(MsgCode.notFound, '没有该地区的地图');
        answer = new CachedAnswer(code, JSON.stringify({ msgCode: 0, errMsg: '', data: map }));
        answers.set(code, answer);
      }
      reply.header('cache-control', 'public, max-age=86400');
      return sendCachedAnswer(request, reply, answer);
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/pub';
export default routes;
