/**
 * After every write request this instance answers (what the audit log counts as a write, plugins/audit-log.ts),
 * the cached role menu trees check the database's menu version before their next use: a change made here shows
 * on the very next request, without waiting for the periodic check (services/menu-tree-cache.ts).
 */
import { globalPlugin } from '../http/global-plugin.js';
import { isAudited } from './audit-log.js';

export default globalPlugin('menu-tree-freshness', async (app) => {
  // onSend: the handler (and its transaction) has finished, the client has not yet seen the answer.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (isAudited(request.method, request.url, request.routeOptions.config)) app.services.menuTrees.mayHaveChanged();
    done(null, payload);
  });
});
