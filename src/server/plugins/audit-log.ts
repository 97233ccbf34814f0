/**
 * One hook logs every API write (POST, PUT, PATCH, DELETE, and GET routes declared `config: { audit: true }`,
 * such as the logo delete) into sys_log after the response has gone out: who, when, method, URI, parameters
 * without secrets, the answer's msgCode, duration, IP, title. The title is the route's `config.title`, else its
 * OpenAPI summary. Writing happens off the request path and its failures are only logged.
 */
import type { FastifyRequest } from 'fastify';
import { globalPlugin } from '../http/global-plugin.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The audit log's title of this route (Chinese, e.g. 新增用户). */
    title?: string;
    /** Log this GET as a write (a delete by GET). */
    audit?: boolean;
  }
  interface FastifyRequest {
    /** The answer's msgCode, read from the JSON envelope on its way out. */
    auditMsgCode: number | null;
  }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MSG_CODE = /^\s*\{\s*"msgCode"\s*:\s*(-?\d+)/;

function titleOf(request: FastifyRequest): string {
  const schema = request.routeOptions.schema as { summary?: unknown } | undefined;
  if (request.routeOptions.config.title) return request.routeOptions.config.title;
  if (typeof schema?.summary === 'string') return schema.summary;
  return `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
}

/** Who: the authenticated user, else the account a login names (failed logins are worth auditing). */
function who(request: FastifyRequest): { userId: string | null; loginName: string | null } {
  const user = request.authContext?.view.user;
  if (user) return { userId: user.id, loginName: user.loginName };
  const body = request.body as Record<string, unknown> | null | undefined;
  const named = body && typeof body === 'object' ? (body.username ?? body.loginName ?? body.phone) : undefined;
  return { userId: null, loginName: typeof named === 'string' ? named.slice(0, 64) : null };
}

export default globalPlugin('audit-log', async (app) => {
  app.decorateRequest('auditMsgCode', null);

  app.addHook('onSend', async (request, _reply, payload) => {
    if (typeof payload === 'string') {
      const match = MSG_CODE.exec(payload);
      if (match) request.auditMsgCode = Number(match[1]);
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const path = request.url.split('?')[0];
    if (!path.startsWith('/api/')) return;
    if (!WRITES.has(request.method) && !(request.method === 'GET' && request.routeOptions.config.audit)) return;
    try {
      const query = request.query && typeof request.query === 'object' ? request.query : {};
      const body = request.body && typeof request.body === 'object' ? request.body : {};
      app.services.admin.auditLog.record(
        {
          title: titleOf(request),
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
  });

  app.addHook('onClose', async () => app.services.admin.auditLog.flush());
});
