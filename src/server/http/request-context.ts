/**
 * What a request carries once the global hooks have run (plugins/auth.ts, plugins/permissions.ts): the caller's
 * authenticated context and, on a route that declared a permission, their grants. Route helpers and handlers read
 * them here, so the HTTP layer never reaches up into the plugins that fill them.
 */
import type { FastifyRequest } from 'fastify';
import { MsgCode } from '../../shared/envelope.js';
import type { AccessClaims } from '../accounts/access-tokens.js';
import type { Grants } from '../accounts/permissions.js';
import type { UserView } from '../accounts/users.js';
import { ApiError, Messages } from './api-error.js';

export type AuthMode = 'user' | 'password-change';

export interface AuthContext {
  claims: AccessClaims;
  view: UserView;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Require a logged-in user (see plugins/auth.ts). */
    auth?: AuthMode;
    /** The permission string(s) the route needs; any one of a list suffices (see plugins/permissions.ts). */
    permission?: string | readonly string[];
  }
  interface FastifyRequest {
    authContext: AuthContext | null;
    /** The caller's grants, loaded by the permission check of a route that declares one. */
    grants: Grants | null;
  }
}

export const PermissionMessages = { forbidden: '无权访问' } as const;

/** The caller's grants on a route that declared a permission (loaded by the hook). */
export function requireGrants(request: FastifyRequest): Grants {
  if (!request.grants) throw new ApiError(MsgCode.forbidden, PermissionMessages.forbidden);
  return request.grants;
}

/** The authenticated context of a route declared with `config.auth`. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.authContext) throw new ApiError(MsgCode.notLoggedIn, Messages.notLoggedIn);
  return request.authContext;
}
