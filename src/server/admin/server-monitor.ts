/**
 * 系统管理 / 服务监控: the instances of the portal on this database, as each last reported itself to the job queue's
 * registry (host, process, versions, uptime, memory, event loop, the queue's pool, crash restarts, and whether it is
 * alive), and the database they share (engine, version, size, connections). Figures are formatted for people.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { engineOf } from '../db/engine.js';
import { parsePortalInstanceName } from '../jobs/instance-name.js';
import type { JobQueue } from '../jobs/queue.js';
import type { QueueInstance } from '../jobs/types.js';
import type { Clock } from '../config.js';
import { iso } from './common.js';
import { readableAgo, readableBytes, readableMs, readableShare, readableSpan } from './readable-figures.js';

/** running: heard from within three heartbeats; stopped: it stopped itself; lost: gone quiet (crashed, cut off). */
export type InstanceState = 'running' | 'stopped' | 'lost';

export interface InstanceRow {
  id: string;
  /** Its name (PORTAL_INSTANCE_NAME, default host:port) and the portal's version it runs. */
  instance: string;
  version: string;
  host: string;
  pid: number;
  nodeVersion: string;
  state: InstanceState;
  /** This very process. */
  current: boolean;
  startedAt: string;
  uptime: string;
  heartbeatAt: string;
  /** How long ago that heartbeat was: 12秒前. */
  heartbeatAgo: string;
  rss: string;
  heap: string;
  cpu: string;
  /** Event-loop delay, p99 / worst: 1.2 ms / 15.3 ms. */
  loopDelay: string;
  loopUtilization: string;
  pool: string;
  crashRestarts: number;
}

export interface DatabaseRow {
  id: string;
  engine: string;
  version: string;
  size: string;
  connections: string;
  /** This instance's own pool of connections for the portal (PostgreSQL). */
  pool: string;
}

const ORDER: Record<InstanceState, number> = { running: 0, lost: 1, stopped: 2 };

export class ServerMonitor {
  constructor(
    private readonly jobs: JobQueue,
    private readonly db: Db,
    private readonly now: Clock,
  ) {}

  /** The portal's instances: running first, then those gone quiet, then those stopped; newest start first. */
  async instances(): Promise<InstanceRow[]> {
    const now = this.now().getTime();
    const rows: InstanceRow[] = [];
    for (const instance of await this.jobs.instances()) {
      const named = parsePortalInstanceName(instance.name);
      // Another pg-boss on the database (the schema installer at a start) is no instance of the portal.
      if (!named) continue;
      const state: InstanceState = instance.live ? 'running' : instance.stoppedAt ? 'stopped' : 'lost';
      const until = state === 'running' ? now : (instance.stoppedAt ?? instance.heartbeatAt).getTime();
      rows.push({
        id: instance.id,
        instance: named.instance,
        version: named.version,
        host: instance.host,
        pid: instance.pid,
        nodeVersion: instance.nodeVersion,
        state,
        current: instance.own && state === 'running',
        startedAt: iso(instance.startedAt),
        uptime: readableSpan(until - instance.startedAt.getTime()),
        heartbeatAt: iso(instance.heartbeatAt),
        heartbeatAgo: readableAgo(now - instance.heartbeatAt.getTime()),
        rss: readableBytes(instance.rssBytes),
        heap: heapOf(instance),
        cpu: cpuOf(instance),
        loopDelay: loopDelayOf(instance),
        loopUtilization: readableShare(instance.loopUtilization),
        pool: poolOf(instance),
        crashRestarts: instance.crashRestarts,
      });
    }
    return rows.sort(
      (a, b) => ORDER[a.state] - ORDER[b.state] || b.startedAt.localeCompare(a.startedAt) || a.id.localeCompare(b.id),
    );
  }

  /** The database every instance shares: one row. */
  async database(): Promise<DatabaseRow[]> {
    const engine = engineOf(this.db);
    const embedded = engine?.kind === 'pglite';
    const [version, size, connections] = await Promise.all([
      sql<{ version: string }>`select current_setting('server_version') as version`
        .execute(this.db)
        .then((found) => found.rows[0]?.version ?? '')
        .catch(() => ''),
      sql<{ bytes: number }>`select pg_database_size(current_database())::float8 as bytes`
        .execute(this.db)
        .then((found) => readableBytes(found.rows[0]?.bytes))
        .catch(() => '—'),
      embedded ? Promise.resolve('进程内嵌入，单连接') : this.connections(),
    ]);
    const pool =
      engine?.kind === 'postgres'
        ? `共 ${engine.pool.totalCount}，空闲 ${engine.pool.idleCount}，等待 ${engine.pool.waitingCount}`
        : '—';
    return [
      {
        id: 'database',
        engine: embedded ? 'PGlite（嵌入式 PostgreSQL）' : 'PostgreSQL',
        version: version ? `PostgreSQL ${version}` : '—',
        size,
        connections,
        pool,
      },
    ];
  }

  /** Sessions on this database (all users, all instances), how many are busy, and the server's limit. */
  private async connections(): Promise<string> {
    try {
      const { rows } = await sql<{ total: number; active: number; max: number }>`select count(*)::int as total,
          (count(*) filter (where state = 'active'))::int as active,
          current_setting('max_connections')::int as max
        from pg_stat_activity where datname = current_database()`.execute(this.db);
      const row = rows[0];
      return row ? `${row.total} 个（活动 ${row.active} 个），服务器上限 ${row.max}` : '—';
    } catch {
      return '—';
    }
  }
}

function heapOf(instance: QueueInstance): string {
  if (instance.heapUsedBytes === null) return '—';
  const limit = instance.heapLimitBytes === null ? '' : ` / ${readableBytes(instance.heapLimitBytes)}`;
  return `${readableBytes(instance.heapUsedBytes)}${limit}`;
}

function loopDelayOf(instance: QueueInstance): string {
  if (instance.loopDelayMs === null) return '—';
  return `${readableMs(instance.loopDelayMs)} / ${readableMs(instance.loopDelayMaxMs)}`;
}

function cpuOf(instance: QueueInstance): string {
  if (instance.cpu === null) return '—';
  const limit = instance.cpuLimit === null ? '' : ` / ${instance.cpuLimit} 核`;
  return `${instance.cpu.toFixed(2)} 核${limit}`;
}

/** The job queue's pool: connections in use of the most it opens, and requests waiting; '—' on PGlite. */
function poolOf(instance: QueueInstance): string {
  const pool = instance.pool;
  if (!pool) return '—';
  return `${pool.total - pool.idle}/${pool.max}，等待 ${pool.waiting}`;
}
