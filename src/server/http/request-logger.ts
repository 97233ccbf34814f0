/**
 * Each request's logger, made only when the request logs something. Fastify gives every request a child of the app's
 * logger carrying its id (`reqId`); with pino that is a new logger object and the bindings serialized to JSON, on
 * every request, while the request log (request-log.ts) writes nothing for a quick, successful request and nearly
 * no route logs on its own. This stand-in creates the same pino child, with the same bindings and options, at its
 * first use, so a line logged through it is the line the child would have written.
 */
import type { FastifyBaseLogger, FastifyLogFn, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

class LazyChildLogger implements FastifyBaseLogger {
  declare fatal: FastifyLogFn;
  declare error: FastifyLogFn;
  declare warn: FastifyLogFn;
  declare info: FastifyLogFn;
  declare debug: FastifyLogFn;
  declare trace: FastifyLogFn;
  declare silent: FastifyLogFn;
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  /** The pino child this logger stands for, made on first use. */
  real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

// The log methods, once on the prototype rather than a closure per request.
for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const satisfies Level[]) {
  const log = function (this: LazyChildLogger, ...args: Parameters<FastifyLogFn>) {
    const real = this.real();
    real[level].apply(real, args);
  };
  Object.defineProperty(LazyChildLogger.prototype, level, { value: log, writable: true, configurable: true });
}

/** Fastify's `childLoggerFactory`: the request's logger, made when first used. */
export const lazyChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (logger, bindings, options) =>
  new LazyChildLogger(logger, bindings, options);
