/**
 * POST /api/yt/v1.0/loginSkipPC {projectName}: the signed address of the concrete app (混凝土应用) for the caller
 * in that project; data is the URL to open (see portal/concrete-app.ts for the signature).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../shared/envelope.js';
import { envelope } from '../../../http/envelope-schema.js';
import { ok } from '../../../http/route-helpers.js';
import { portalContext } from '../../../portal/services.js';
import { bodyOrEmpty, projectNameProperty, security } from '../../../http/portal-schemas.js';
import { requireAuth } from '../../../http/request-context.js';

const routes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: { projectName?: string } }>(
    '/loginSkipPC',
    {
      config: { auth: 'user', title: '混凝土应用登录' },
      preValidation: bodyOrEmpty,
      schema: {
        tags: ['workbench'],
        summary: 'Signed address of the concrete app',
        description:
          'data: PORTAL_CONCRETE_URL plus account, projectName, ts (ms), nonce, sign = hex HMAC-SHA256(' +
          'PORTAL_CONCRETE_SECRET, "account=<a>&projectName=<p>&ts=<t>&nonce=<n>") over the plain values. ' +
          'A projectName the user may not see: -403.',
        security,
        body: { type: 'object', properties: { projectName: projectNameProperty } },
        response: { 200: envelope({ data: { type: 'string' } }) },
      },
    },
    async (request): Promise<Envelope<string>> => {
      const { portal } = app.services;
      const { view } = requireAuth(request);
      const ctx = await portalContext(portal, view, request.body.projectName);
      return ok('', portal.concreteApp.urlFor(view.user.loginName, ctx.project?.name ?? ''));
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/yt/v1.0';
export default routes;
