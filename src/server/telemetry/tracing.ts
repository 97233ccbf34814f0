/**
 * OpenTelemetry traces, on when the standard OTEL variables ask for them (an OTLP endpoint, or OTEL_TRACES_EXPORTER
 * other than `none`; OTEL_SDK_DISABLED=true turns them off): the OpenTelemetry SDK for Node, configured by those
 * variables (exporter, protocol, headers, sampler, OTEL_SERVICE_NAME, batch timings), exports each request's span
 * (plugins/tracing.ts) with a child span per SQL statement it ran (`tracedDialect`, on PostgreSQL and PGlite alike)
 * and pg-boss's spans of the jobs. The instrumentation calls only the API, which does nothing until the SDK is
 * registered, so nothing is patched at load time and the SDK's code is loaded only by an instance that traces.
 */
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { DatabaseConnection, Dialect, Driver } from 'kysely';

export const TRACER_NAME = 'zhgd-portal';

/** Whether `env` asks for traces, by the variables the OpenTelemetry SDK reads. */
export function tracingRequested(env: NodeJS.ProcessEnv): boolean {
  if (env.OTEL_SDK_DISABLED?.toLowerCase() === 'true') return false;
  const exporter = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase();
  if (exporter) return exporter !== 'none';
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** Starts the SDK (its exporters read the OTEL variables); the function returned flushes and stops it. */
export async function startTracing(): Promise<() => Promise<void>> {
  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME || TRACER_NAME,
    // Spans come from the portal's own hooks; no library is patched (and no metrics or logs are exported here:
    // metrics are Prometheus's at /metrics).
    instrumentations: [],
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();
  return () => sdk.shutdown();
}

/** `SELECT`, `INSERT`, ... of a statement: the span's name (the text, with placeholders only, is an attribute). */
function operationOf(text: string): string {
  return /^\s*(?:with\b[\s\S]*?\)\s*)?([a-z]+)/i.exec(text)?.[1]?.toUpperCase() ?? 'SQL';
}

/**
 * `connection` with a span around each statement. A proxy, not a copy: the driver calls the connection's other
 * methods (its transaction's, its release) on what it handed out, and those run on the real connection.
 */
function tracedConnection(connection: DatabaseConnection): DatabaseConnection {
  const tracer = trace.getTracer(TRACER_NAME);
  const executeQuery: DatabaseConnection['executeQuery'] = async (query, options) => {
    const span = tracer.startSpan(
      operationOf(query.sql),
      { kind: SpanKind.CLIENT, attributes: { 'db.system.name': 'postgresql', 'db.query.text': query.sql } },
      context.active(),
    );
    try {
      return await connection.executeQuery(query, options);
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  };
  return new Proxy(connection, {
    get(target, property) {
      if (property === 'executeQuery') return executeQuery;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** `dialect` with a client span around each statement, a child of the span active when it runs. */
export function tracedDialect(dialect: Dialect): Dialect {
  return new Proxy(dialect, {
    get(target, property) {
      if (property !== 'createDriver') {
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      }
      return (): Driver => {
        const driver = target.createDriver();
        const wrappers = new WeakMap<DatabaseConnection, DatabaseConnection>();
        return new Proxy(driver, {
          get(inner, name) {
            if (name === 'acquireConnection')
              return async (options?: Parameters<Driver['acquireConnection']>[0]) => {
                const connection = await inner.acquireConnection(options);
                let wrapper = wrappers.get(connection);
                if (!wrapper) wrappers.set(connection, (wrapper = tracedConnection(connection)));
                return wrapper;
              };
            const value: unknown = Reflect.get(inner, name, inner);
            return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(inner) : value;
          },
        });
      };
    },
  });
}
