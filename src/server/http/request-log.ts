/**
 * The request log. By default only what needs a look is written: a request that failed (an error reached Fastify,
 * or a 5xx answer) and a slow one (`PORTAL_SLOW_REQUEST_MS`, default 1 s). A line for every request (method, path,
 * status, time, request id) only with `PORTAL_REQUEST_LOG=1` or `LOG_LEVEL=debug`/`trace`: it cost the busiest
 * routes about a tenth of their throughput, and who did what is in the audit log (sys_log) anyway. Fastify's own
 * two lines (one on arrival, one on completion) are never written; the one line comes with the outcome.
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';

export interface RequestLogOptions {
  /** A line for every request, at info level. */
  everyRequest: boolean;
  /** Requests taking this long or longer are logged at warn level whatever `everyRequest` says. */
  slowMs: number;
}

export class OneLinePerRequest extends LogController {
  constructor(private readonly options: RequestLogOptions) {
    super();
  }

  override incomingRequest(): void {
    // Logged with the outcome, in requestCompleted.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const elapsed = reply.elapsedTime;
    const failed = error !== null && error !== undefined;
    // The common case first, without building a line: a quick, successful request when only problems are logged.
    if (!failed && !this.options.everyRequest && elapsed < this.options.slowMs && reply.statusCode < 500) return;
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: elapsed };
    if (failed) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode >= 500) reply.log.error(line, 'request failed');
    else if (elapsed >= this.options.slowMs) reply.log.warn(line, 'slow request');
    else reply.log.info(line, 'request completed');
  }
}

/** Lines are gathered up to this many bytes per write to standard output... */
const BATCH_BYTES = 8 * 1024;
/** ...and written at least this often, so a quiet server's last lines show within a second. */
const FLUSH_EVERY_MS = 1000;

/**
 * Standard output, written asynchronously in batches: one write per line cost more than the rest of a simple
 * request. pino flushes what is pending when the process exits.
 */
export function logDestination(): pino.DestinationStream {
  const destination = pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES });
  setInterval(() => destination.flush(), FLUSH_EVERY_MS).unref();
  return destination;
}
