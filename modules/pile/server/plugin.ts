/**
 * Pile quality (module pile): the piles are the collection pile; this plugin adds the figures of the statistics
 * page (counts by integrity class, the pass rate, static load tests below design), which no aggregate call gives.
 */
import type { FastifyRequest } from 'fastify';
import { envelope, type ModulePlugin, ok, recordAccess, security } from '../../../src/server/module-api.js';
import { pileSummary } from './summary.js';

const count = { type: 'integer' };

const pile: ModulePlugin = async (app) => {
  const records = app.collections.get('pile');
  if (!records) throw new Error('modules/pile: the collection pile is missing');
  const access = recordAccess(app);

  app.get(
    '/api/pile/v1.0/summary',
    {
      config: { auth: 'user', permission: 'pile:pile:view' },
      schema: {
        tags: ['pile'],
        summary: "A project's pile quality figures",
        description:
          'data: total, tested (low-strain integrity tests), classI, classII, defective (Ⅲ and Ⅳ), passRate (percent ' +
          'of the tested that are Ⅰ or Ⅱ, null before any test), staticTested, staticShort (static load ' +
          'characteristic value below the design one), outOfRange (piles cast out of range: filling coefficient, ' +
          'verticality, sediment).',
        security,
        querystring: {
          type: 'object',
          required: ['projectId'],
          properties: { projectId: { type: 'string', minLength: 1, maxLength: 64 } },
        },
        response: {
          200: envelope({
            data: {
              type: 'object',
              properties: {
                total: count,
                tested: count,
                classI: count,
                classII: count,
                defective: count,
                passRate: { type: ['number', 'null'] },
                staticTested: count,
                staticShort: count,
                outOfRange: count,
              },
            },
          }),
        },
      },
    },
    async (request: FastifyRequest<{ Querystring: { projectId: string } }>) => {
      await access.checkProject(request, request.query.projectId);
      return ok('', await pileSummary(app.services.db, records.table, request.query.projectId));
    },
  );
};

export default pile;
