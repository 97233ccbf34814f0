/**
 * The request log: one JSON line per request when it completes (method, path, status, time, request id), instead
 * of Fastify's two (one on arrival, one on completion), written to stdout without blocking the event loop. At
 * LOG_LEVEL=info the two blocking lines cost the busiest routes about half their throughput.
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';

export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // Logged with the outcome, in requestCompleted.
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/**
 * Standard output, written asynchronously (pino flushes what is pending when the process exits). Lines still go
 * out one by one as they come when the server is quiet, so following the log is unchanged.
 */
export function logDestination(): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: false });
}
