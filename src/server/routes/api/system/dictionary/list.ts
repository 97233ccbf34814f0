/**
 * GET /api/system/dictionary/{type}/list: the entries of one dictionary (spec: "dictionary by key", response
 * item.dictionaryList). Public: registration needs `nation` and `sex` before login.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../../shared/envelope.js';
import { envelope } from '../../../../http/envelope-schema.js';
import type { DictionaryEntry } from '../../../../portal/dictionaries.js';

const schema = {
  tags: ['system'],
  summary: 'Dictionary entries by type (item.dictionaryList)',
  params: {
    type: 'object',
    required: ['type'],
    properties: {
      type: { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,64}$', errorMessage: { pattern: '字典类型不正确' } },
    },
  },
  response: {
    200: envelope({
      item: {
        type: 'object',
        required: ['dictionaryList'],
        properties: {
          dictionaryList: {
            type: 'array',
            items: {
              type: 'object',
              required: ['label', 'value', 'sort'],
              properties: { label: { type: 'string' }, value: { type: 'string' }, sort: { type: 'integer' } },
            },
          },
        },
      },
    }),
  },
};

const routes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { type: string } }>(
    '/:type/list',
    { schema },
    async (request): Promise<Envelope<never, { dictionaryList: DictionaryEntry[] }>> => ({
      msgCode: 0,
      errMsg: '',
      item: { dictionaryList: await app.services.dictionaries.list(request.params.type) },
    }),
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/system/dictionary';
export default routes;
