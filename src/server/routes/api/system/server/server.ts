/**
 * 系统管理 / 服务监控 (admin/server-monitor.ts): GET /api/system/server/instances (the instances of the portal on
 * this database, from the job queue's registry) and GET /api/system/server/database (the database they share).
 */
import type { FastifyPluginAsync } from 'fastify';
import { adminConfig, needs, record, security, strings } from '../../../../http/admin-schemas.js';
import { envelope } from '../../../../http/envelope-schema.js';
import { ok } from '../../../../http/route-helpers.js';
import { ServerMonitor } from '../../../../admin/server-monitor.js';

const VIEW = 'sys:server:view';

const instanceRow = record({
  ...strings(
    'id',
    'instance',
    'version',
    'host',
    'nodeVersion',
    'state',
    'startedAt',
    'uptime',
    'heartbeatAt',
    'heartbeatAgo',
    'rss',
    'heap',
    'cpu',
    'loopDelay',
    'loopUtilization',
    'pool',
  ),
  pid: { type: 'integer' },
  current: { type: 'boolean' },
  crashRestarts: { type: 'integer' },
});

const databaseRow = record(strings('id', 'engine', 'version', 'size', 'connections', 'pool'));

const routes: FastifyPluginAsync = async (app) => {
  const monitor = new ServerMonitor(app.jobs, app.services.db, app.services.config.now);

  app.get(
    '/instances',
    {
      schema: {
        tags: ['system'],
        summary: 'The instances of the portal on this database (服务监控)',
        description:
          "One row per instance, as it last reported itself to the job queue's registry (every 30 s): instance (its " +
          'PORTAL_INSTANCE_NAME) and version (of the portal), host, pid, nodeVersion, state (running 运行中, lost 失联: ' +
          'gone quiet for three heartbeats, stopped 已停止), current (this very process), startedAt and heartbeatAt ' +
          '(ISO), and formatted for people: uptime, heartbeatAgo, rss, heap (used / limit), cpu (cores used / allowed), ' +
          "loopDelay (event-loop delay p99 / worst), loopUtilization, pool (the job queue's connections in use/most " +
          "and requests waiting; '—' on the embedded database); crashRestarts (lives on its name and host that ended " +
          'without stopping). Running first, newest start first; stopped rows go after 7 days. ' +
          needs(VIEW),
        security,
        response: { 200: envelope({ data: { type: 'array', items: instanceRow } }) },
      },
      config: adminConfig(VIEW, '服务监控'),
    },
    async () => ok('', await monitor.instances()),
  );

  app.get(
    '/database',
    {
      schema: {
        tags: ['system'],
        summary: 'The database the instances share (服务监控)',
        description:
          'One row: engine (PostgreSQL, or PGlite: the embedded PostgreSQL), version, size (of this database), ' +
          "connections (sessions on this database and the server's limit), pool (this instance's own pool). " +
          needs(VIEW),
        security,
        response: { 200: envelope({ data: { type: 'array', items: databaseRow } }) },
      },
      config: adminConfig(VIEW, '服务监控'),
    },
    async () => ok('', await monitor.database()),
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/system/server';
export default routes;
