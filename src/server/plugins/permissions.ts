/**
 * Permission checks. A route declares what it needs in its config, next to `auth`:
 *   config: { auth: 'user', permission: 'sys:user:edit' }            (one string)
 *   config: { auth: 'user', permission: ['sys:office:view', 'sys:user:view'] }   (any of them)
 * and this hook answers -403 无权访问 unless the caller holds it (accounts/permissions.ts). The check runs before
 * body validation, so a caller without the permission learns nothing about the body's rules. A route with a
 * permission but no `auth` is a programming error and stops the start.
 */
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { MsgCode } from '../../shared/envelope.js';
import { ApiError } from '../http/api-error.js';
import { globalPlugin } from '../http/global-plugin.js';
import { holdsAny, type Grants } from '../accounts/permissions.js';
import { PermissionMessages, requireAuth } from '../http/request-context.js';

/** The caller's grants when they hold any of `needed`; -403 无权访问 otherwise. */
export async function requirePermission(
  app: FastifyInstance,
  request: FastifyRequest,
  needed: readonly string[],
): Promise<Grants> {
  const { view } = requireAuth(request);
  const grants = await app.services.admin.permissions.of(view.user.id);
  if (!holdsAny(grants, needed)) throw new ApiError(MsgCode.forbidden, PermissionMessages.forbidden);
  return grants;
}

export default globalPlugin('permissions', async (app) => {
  app.decorateRequest('grants', null);

  app.addHook('onRoute', (route) => {
    const declared = route.config?.permission;
    if (declared === undefined) return;
    if (!route.config?.auth) throw new Error(`route ${route.method} ${route.url} declares a permission without auth`);
    const needed: readonly string[] = typeof declared === 'string' ? [declared] : declared;
    const check: preValidationAsyncHookHandler = async function checkPermission(request) {
      request.grants = await requirePermission(app, request, needed);
    };
    const existing = route.preValidation
      ? Array.isArray(route.preValidation)
        ? route.preValidation
        : [route.preValidation]
      : [];
    route.preValidation = [check, ...existing];
  });
});
