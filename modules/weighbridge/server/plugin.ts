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
import { flagWeighings } from './flag-hook.js';
import { FLAG_LABELS, parseDensities, type FlagKind } from './flags.js';
import { lockDeviceWeights } from './locks.js';
import { passRoute } from './pass-route.js';
import { reconciliationRoutes } from './reconciliation.js';
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

const weighbridge: ModulePlugin = async (app, { module, settings }) => {
  const records = app.collections.get('weighbridge-record');
  if (!records) throw new Error('modules/weighbridge: the collection weighbridge-record is missing');
  const access = recordAccess(app);
  const { db, config } = app.services;

  const densities = parseDensities(typeof settings.densities === 'string' ? settings.densities : 'ready-mix=2.4');
  // The lock refuses first: a refused write is not judged.
  lockDeviceWeights(records);
  flagWeighings(
    records,
    {
      tareTolerance: (typeof settings.tareToleranceKg === 'number' ? settings.tareToleranceKg : 500) / 1000,
      repeatMinutes: typeof settings.repeatMinutes === 'number' ? settings.repeatMinutes : 30,
    },
    densities,
  );
  // 磅差超差 reaches the weighbridge's responsible person, and escalates, from alerts/weighing-deviation.json.

  // 浙A12345 钢筋 净重 32.56 t: how a weighing reads in a list of the last ones.
  records.extendReads(async (rows) => {
    for (const row of rows) {
      const net = typeof row.netWeight === 'number' ? `净重 ${row.netWeight.toFixed(2)} t` : '待二次过磅';
      row.weighingText = `${String(row.plateNo ?? '')}　${String(row.materialLabel ?? row.material ?? '')}　${net}`;
      // 磅单号: the day and the record's own id, so a ticket printed twice carries the same number.
      const id = String(row.id ?? '');
      const serial =
        /(\d{3,})$/.exec(id)?.[1] ??
        id
          .replace(/[^0-9a-zA-Z]/g, '')
          .slice(-6)
          .toUpperCase();
      row.ticketNo = `${String(row.weighDate ?? '').replace(/-/g, '')}-${serial}`;
      row.corrected = row.originalGrossWeight !== null && row.originalGrossWeight !== undefined;
      // The flags by name for the list's narrow column (the reasons are on the weighing's page).
      row.cheatLabel = String(row.cheatFlags ?? '')
        .split(' ')
        .map((kind) => FLAG_LABELS[kind as FlagKind])
        .filter(Boolean)
        .join('、');
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

  const orders = app.collections.get('weighbridge-purchase-order');
  if (!orders) throw new Error('modules/weighbridge: the collection weighbridge-purchase-order is missing');
  const labels = new Map(
    (module.manifest.dictionaries ?? [])
      .filter((dictionary) => dictionary.type === 'weighbridge_material')
      .flatMap((dictionary) => dictionary.entries.map((entry) => [entry.value, entry.label] as const)),
  );
  reconciliationRoutes(app, { records, orders, access, volumeMaterials: new Set(densities.keys()), labels });

  // In its own context: its JSON parser keeps the body's text, which the signature covers.
  await app.register(passRoute, { records, now: config.now });
};

export default weighbridge;
