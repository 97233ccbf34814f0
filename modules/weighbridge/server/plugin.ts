/**
 * The weighbridge (module weighbridge): weighing records are the collection weighbridge-record; this plugin adds
 * what no schema file declares: the signed call a weighbridge reports each pass of a truck with (two passes of a
 * plate make a record, passes.ts), the home page's day and month figures, and a line per weighing that the home
 * page's list of the last weighings reads.
 */
import type { FastifyRequest } from 'fastify';
import {
  ApiError,
  chinaDate,
  envelope,
  type ModulePlugin,
  MsgCode,
  ok,
  recordAccess,
  security,
} from '../../../src/server/module-api.js';
import { notifyDeviations } from './deviation.js';
import { passRoute } from './pass-route.js';
import { weighbridgeSummary } from './summary.js';

const VIEW = 'weighbridge:record:view';

const figures = {
  type: 'object',
  properties: {
    vehicles: { type: 'integer' },
    netIn: { type: 'number' },
    netOut: { type: 'number' },
    pending: { type: 'integer' },
    deviations: { type: 'integer' },
  },
};

const weighbridge: ModulePlugin = async (app) => {
  const records = app.collections.get('weighbridge-record');
  if (!records) throw new Error('modules/weighbridge: the collection weighbridge-record is missing');
  const access = recordAccess(app);
  const { db, config } = app.services;

  notifyDeviations(records, app.services.messages);

  // 浙A12345 钢筋 净重 32.56 t: how a weighing reads in a list of the last ones.
  records.extendReads(async (rows) => {
    for (const row of rows) {
      const net = typeof row.netWeight === 'number' ? `净重 ${row.netWeight.toFixed(2)} t` : '待二次过磅';
      row.weighingText = `${String(row.plateNo ?? '')}　${String(row.materialLabel ?? row.material ?? '')}　${net}`;
    }
  });

  app.get(
    '/api/weighbridge/v1.0/summary',
    {
      config: { auth: 'user', permission: VIEW },
      schema: {
        tags: ['weighbridge'],
        summary: "A project's weighings of a day and of its month",
        description:
          'data.day and data.month: vehicles (completed weighings), netIn and netOut (net tonnes in and out), ' +
          'pending (first passes waiting for the second), deviations (weighings whose 磅差 is outside the tolerance). day defaults to today (China time).',
        security,
        querystring: {
          type: 'object',
          required: ['projectId'],
          properties: {
            projectId: { type: 'string', minLength: 1, maxLength: 64 },
            day: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
          },
        },
        response: {
          200: envelope({ data: { type: 'object', properties: { day: figures, month: figures } } }),
        },
      },
    },
    async (request: FastifyRequest<{ Querystring: { projectId: string; day?: string } }>) => {
      const { projectId, day } = request.query;
      // A day the calendar does not have (2026-02-30) is the caller's mistake, not the database's.
      const parsed = day === undefined ? undefined : new Date(`${day}T00:00:00Z`);
      if (parsed && (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day))
        throw new ApiError(MsgCode.invalidInput, '请选择正确的日期');
      await access.checkProject(request, projectId);
      return ok('', await weighbridgeSummary(db, records.table, projectId, day ?? chinaDate(config.now())));
    },
  );

  // In its own context: its JSON parser keeps the body's text, which the signature covers.
  await app.register(passRoute, { records, now: config.now });
};

export default weighbridge;
