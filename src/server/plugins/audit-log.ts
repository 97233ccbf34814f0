/**
 * One hook logs every API write (POST, PUT, PATCH, DELETE under /api/, and GET routes declared
 * `config: { audit: true }`, such as the logo delete) into sys_log after the response has gone out: who, when,
 * method, URI, parameters without secrets, the answer's msgCode, duration, IP, title. POST routes that only read
 * (trees, lists, statistics) say `config: { audit: false }` and are never logged. The title is the route's
 * `config.title` (Chinese, what the 日志查询 screen shows; tests/api/admin-audit.test.ts checks that every audited
 * route has one), else its OpenAPI summary. Writing happens off the request path and its failures are only logged.
 */
import type {
  FastifyContextConfig,
  FastifyRequest,
  onResponseHookHandler,
  onSendHookHandler,
  RouteOptions,
} from 'fastify';
import { globalPlugin } from '../http/global-plugin.js';
import { routeHooks } from '../http/route-helpers.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The audit log's title of this route, in Chinese (e.g. 新增用户, 登录): what the 日志查询 screen shows. */
    title?: string;
    /**
     * Whether the audit log records calls of this route (only routes under /api/ are ever recorded):
     * - left out: POST, PUT, PATCH and DELETE are recorded, GET is not;
     * - `true`: recorded whatever the method (a delete by GET);
     * - `false`: never recorded (a POST that only reads: a tree, a list, statistics).
     */
    audit?: boolean;
  }
  interface FastifyRequest {
    /** The answer's msgCode, read from the JSON envelope on its way out. */
    auditMsgCode: number | null;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MSG_CODE = /^\s*\{\s*"msgCode"\s*:\s*(-?\d+)/;

/** Whether the audit log records a call with this method to this path (under /api/) of a route with `config`. */
export function isAudited(method: string, path: string, config: FastifyContextConfig | undefined): boolean {
  if (!path.startsWith('/api/')) return false;
  const audit = config?.audit;
  if (audit === false) return false;
  return audit === true || WRITES.has(method);
}

/** The title of a recorded call: the route's `config.title`, else its OpenAPI summary, else "METHOD /path". */
export function auditTitle(
  method: string,
  url: string,
  config: FastifyContextConfig | undefined,
  schema: unknown,
): string {
  if (config?.title) return config.title;
  const summary = (schema as { summary?: unknown } | undefined)?.summary;
  if (typeof summary === 'string') return summary;
  return `${method} ${url}`;
}

/** Who: the authenticated user, else the account a login names (failed logins are worth auditing). */
function who(request: FastifyRequest): { userId: string | null; loginName: string | null } {
  const user = request.authContext?.view.user;
  if (user) return { userId: user.id, loginName: user.loginName };
  const body = request.body as Record<string, unknown> | null | undefined;
  const named = body && typeof body === 'object' ? (body.username ?? body.loginName ?? body.phone) : undefined;
  return { userId: null, loginName: typeof named === 'string' ? named.slice(0, 64) : null };
}

/** What the hooks of an audited route know of it, read once when it is registered. */
export interface AuditedRoute {
  url: string;
  config: FastifyContextConfig | undefined;
  schema: unknown;
}

/**
 * The route as the audit hooks see it when some call of it may be recorded (a method it answers is audited),
 * else undefined: such a route gets no audit hook, so reading routes pay nothing for the audit log.
 */
export function auditedRoute(route: RouteOptions): AuditedRoute | undefined {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (!methods.some((method) => isAudited(method, route.url, route.config))) return undefined;
  return { url: route.url, config: route.config, schema: route.schema };
}

export default globalPlugin('audit-log', async (app) => {
  app.decorateRequest('auditMsgCode', null);

  // Per route, added as each audited route is registered (the checks are decided once, not on every request);
  // callback style, no promise per request. A route answering several methods checks the request's.
  app.addHook('onRoute', (route) => {
    const audited = auditedRoute(route);
    if (audited === undefined) return;
    const { url, config, schema } = audited;
    const captureMsgCode: onSendHookHandler = (request, _reply, payload, done) => {
      if (typeof payload === 'string' && isAudited(request.method, url, config)) {
        const match = MSG_CODE.exec(payload);
        if (match) request.auditMsgCode = Number(match[1]);
      }
      done(null, payload);
    };
    const record: onResponseHookHandler = (request, reply, done) => {
      if (!isAudited(request.method, url, config)) return done();
      try {
        const path = request.url.split('?')[0];
        const query = request.query && typeof request.query === 'object' ? request.query : {};
        const body = request.body && typeof request.body === 'object' ? request.body : {};
        app.services.admin.auditLog.record(
          {
            title: auditTitle(request.method, url, config, schema),
            method: request.method,
            requestUri: path,
            params: { ...query, ...body },
            msgCode: request.auditMsgCode,
            durationMs: reply.elapsedTime,
            remoteAddr: request.ip ?? null,
            userAgent: request.headers['user-agent'] ?? null,
            ...who(request),
          },
          request.log,
        );
      } catch (error) {
        request.log.error({ err: error }, 'audit log entry failed');
      }
      done();
    };
    route.onSend = [...routeHooks(route.onSend), captureMsgCode];
    route.onResponse = [...routeHooks(route.onResponse), record];
  });

  app.addHook('onClose', async () => app.services.admin.auditLog.flush());
});
