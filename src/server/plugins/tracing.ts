/**
 * A server span per request when traces are on (telemetry/tracing.ts): named by method and route, continuing the
 * caller's trace when it sends a `traceparent` header, active while the request is handled, so the statements it
 * runs are its children. The envelope's code is an attribute: most failures answer HTTP 200.
 */
import { context, propagation, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { globalPlugin } from '../http/global-plugin.js';
import { TRACER_NAME } from '../telemetry/tracing.js';

const spans = new WeakMap<object, Span>();

export default globalPlugin('tracing', async (app) => {
  const tracer = trace.getTracer(TRACER_NAME);

  app.addHook('onRequest', (request, _reply, done) => {
    const parent = propagation.extract(context.active(), request.headers);
    const route = request.routeOptions.url;
    const span = tracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'url.path': request.url.split('?')[0],
          ...(route ? { 'http.route': route } : {}),
          'client.address': request.ip,
        },
      },
      parent,
    );
    spans.set(request, span);
    // Everything the request does from here on runs in its span's context.
    context.with(trace.setSpan(parent, span), done);
  });

  app.addHook('onError', async (request, _reply, error) => {
    spans.get(request)?.recordException(error);
  });

  app.addHook('onResponse', async (request, reply) => {
    const span = spans.get(request);
    if (!span) return;
    span.setAttribute('http.response.status_code', reply.statusCode);
    if (request.outcomeCode !== undefined) span.setAttribute('portal.msg_code', request.outcomeCode);
    if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  });
});
