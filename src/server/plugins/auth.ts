/**
 * Authentication by the `Access-Token` header. A route opts in with `config: { auth: 'user' }`; the future
 * change-password route declares `config: { auth: 'password-change' }`, the only mode that accepts a token with
 * `scope: 'password'` (issued with -16001 at login). Hot path: three in-process cache lookups (verified token,
 * session, user view), no promise.
 *
 * Answers: no token -401 请先登录; bad signature or malformed -10014; expired -10005; session revoked/expired or
 * user deleted/disabled -10014 (within the user cache TTL); password-scope token elsewhere -403 请先修改密码.
 */
import type { FastifyInstance, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import { MsgCode } from '../../shared/envelope.js';
import { ApiError, Messages } from '../http/api-error.js';
import { globalPlugin } from '../http/global-plugin.js';
import type { AuthContext, AuthMode } from '../http/request-context.js';
import type { AccessClaims } from '../accounts/access-tokens.js';
import type { UserView } from '../accounts/users.js';

export const ACCESS_TOKEN_HEADER = 'access-token';

function accessTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[ACCESS_TOKEN_HEADER];
  return Array.isArray(header) ? header[0] : header;
}

/**
 * The user of a valid, unrestricted `Access-Token` on a public route that behaves differently for that user
 * (POST /api/pub/ai/prepare), else null; never throws.
 */
export async function optionalUser(app: FastifyInstance, request: FastifyRequest): Promise<UserView | null> {
  const token = accessTokenOf(request);
  if (!token) return null;
  const verified = app.services.accessTokens.verify(token);
  if (verified.status !== 'valid' || verified.claims.scope === 'password') return null;
  const [active, view] = await Promise.all([
    app.services.sessions.isActive(verified.claims.sid),
    app.services.users.view(verified.claims.sub),
  ]);
  return active && view?.enabled ? view : null;
}

export default globalPlugin('auth', async (app) => {
  app.decorateRequest('authContext', null);

  /** The claims of the request's token that `mode` accepts; throws the spec'd answer otherwise. */
  const acceptedClaims = (request: FastifyRequest, mode: AuthMode): AccessClaims => {
    const token = accessTokenOf(request);
    if (!token) throw new ApiError(MsgCode.notLoggedIn, Messages.notLoggedIn);
    const verified = app.services.accessTokens.verify(token);
    if (verified.status === 'invalid') throw new ApiError(MsgCode.sessionInvalid, Messages.sessionInvalid);
    if (verified.status === 'expired') throw new ApiError(MsgCode.tokenExpired, Messages.tokenExpired);
    if (verified.claims.scope === 'password' && mode !== 'password-change') {
      throw new ApiError(MsgCode.forbidden, Messages.changePasswordFirst);
    }
    return verified.claims;
  };

  /** The request's context, or the error that refuses it. */
  const contextOf = (claims: AccessClaims, active: boolean, view: UserView | null): AuthContext | ApiError => {
    if (!active || view === null) return new ApiError(MsgCode.sessionInvalid, Messages.sessionInvalid);
    if (!view.enabled) return new ApiError(MsgCode.sessionInvalid, Messages.accountDisabled);
    return { claims, view };
  };

  const settle = (request: FastifyRequest, done: HookHandlerDoneFunction, context: AuthContext | ApiError) => {
    if (context instanceof ApiError) return done(context);
    request.authContext = context;
    done();
  };

  // Callback style: when both caches answer, the hook finishes synchronously (no promise per request).
  const authenticate =
    (mode: AuthMode): onRequestHookHandler =>
    (request, _reply, done) => {
      let claims: AccessClaims;
      try {
        claims = acceptedClaims(request, mode);
      } catch (error) {
        return done(error as ApiError);
      }
      const active = app.services.sessions.cachedActive(claims.sid);
      const view = app.services.users.cachedView(claims.sub);
      if (active !== undefined && view !== undefined) return settle(request, done, contextOf(claims, active, view));
      Promise.all([app.services.sessions.isActive(claims.sid), app.services.users.view(claims.sub)]).then(
        ([loadedActive, loadedView]) => settle(request, done, contextOf(claims, loadedActive, loadedView)),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    };

  const byMode: Record<AuthMode, onRequestHookHandler> = {
    user: authenticate('user'),
    'password-change': authenticate('password-change'),
  };

  app.addHook('onRoute', (route) => {
    const mode = route.config?.auth;
    if (!mode) return;
    const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [byMode[mode], ...existing];
  });
});
