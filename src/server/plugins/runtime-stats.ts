/**
 * What a server under load is doing, when asked (`PORTAL_RUNTIME_STATS_MS`): every so often one `runtime stats` line
 * at warn level with the event loop's delay over the interval (p99 and max: a request that waits in its socket while
 * the loop is busy is timed by nobody else), the heap and resident memory, and the gauges plugins register (an
 * ingestion's queues, its statements' batch sizes and durations). The request log sees a handler's time only; these
 * lines say whether the time went to a blocked loop, to growing queues or to the database.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { globalPlugin } from '../http/global-plugin.js';

/** Figures of one interval; a gauge that counts resets itself when read. */
export type Gauge = () => Record<string, number>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Registers a gauge under a name (its figures appear as `<name>.<figure>`). */
    runtimeGauge(name: string, gauge: Gauge): void;
  }
}

const MB = 1024 * 1024;

export default globalPlugin('runtime-stats', async (app) => {
  const gauges = new Map<string, Gauge>();
  app.decorate('runtimeGauge', (name: string, gauge: Gauge) => {
    gauges.set(name, gauge);
  });
  const everyMs = app.services.config.runtimeStatsMs;
  if (everyMs <= 0) return;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    loop.enable();
    timer = setInterval(() => {
      const memory = process.memoryUsage();
      const figures: Record<string, number> = {
        loopP99Ms: Math.round(loop.percentile(99) / 1e5) / 10,
        loopMaxMs: Math.round(loop.max / 1e5) / 10,
        heapUsedMb: Math.round(memory.heapUsed / MB),
        rssMb: Math.round(memory.rss / MB),
      };
      loop.reset();
      for (const [name, gauge] of gauges)
        for (const [key, value] of Object.entries(gauge())) figures[`${name}.${key}`] = value;
      app.log.warn({ stats: figures }, 'runtime stats');
    }, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    loop.disable();
  });
});
