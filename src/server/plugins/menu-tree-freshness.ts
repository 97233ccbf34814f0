/**
 * After every write request this instance answers (what the audit log counts as a write, plugins/audit-log.ts),
 * the cached role menu trees check the database's menu version before their next use: a change made here shows
 * on the very next request, without waiting for the periodic check (portal/menu-tree-cache.ts). The hook is
 * added only to the routes that may write, so reading routes (roleMenuList itself) pay nothing for it.
 */
import type { onSendHookHandler } from 'fastify';
import { globalPlugin } from '../http/global-plugin.js';
import { routeHooks } from '../http/route-helpers.js';
import { auditedRoute, isAudited } from './audit-log.js';

export default globalPlugin('menu-tree-freshness', async (app) => {
  app.addHook('onRoute', (route) => {
    const audited = auditedRoute(route);
    if (audited === undefined) return;
    // onSend: the handler (and its transaction) has finished, the client has not yet seen the answer.
    const announce: onSendHookHandler = (request, _reply, payload, done) => {
      if (isAudited(request.method, audited.url, audited.config)) app.services.menuTrees.mayHaveChanged();
      done(null, payload);
    };
    route.onSend = [...routeHooks(route.onSend), announce];
  });
});
