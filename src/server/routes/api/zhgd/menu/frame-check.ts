/**
 * GET /api/zhgd/menu/frameCheck?menuId&projectName: whether the third-party app of a menu the caller may open
 * lets the portal show it in a frame (portal/third-party-frames.ts), so the page can say so plainly instead of
 * showing a blank frame. The address is the menu's own, never the caller's: the server asks no other address.
 */
import type { FastifyPluginAsync } from 'fastify';
import { MsgCode, type Envelope } from '../../../../../shared/envelope.js';
import { thirdPartyAddress } from '../../../../../shared/menu-targets.js';
import { ApiError } from '../../../../http/api-error.js';
import { envelope } from '../../../../http/envelope-schema.js';
import { dropEmptyInput, ok } from '../../../../http/route-helpers.js';
import { projectNameProperty, security } from '../../../../http/portal-schemas.js';
import { requireAuth } from '../../../../http/request-context.js';
import { portalContext } from '../../../../portal/services.js';
import type { FrameCheck } from '../../../../portal/third-party-frames.js';

const routes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { menuId: string; projectName?: string } }>(
    '/frameCheck',
    {
      config: { auth: 'user', audit: false, title: '检查第三方应用能否内嵌' },
      preValidation: dropEmptyInput,
      schema: {
        tags: ['menu'],
        summary: "Whether a menu's third-party app may be framed",
        description:
          "state allowed | refused (reason: the third party's X-Frame-Options or CSP frame-ancestors) | unknown " +
          "(the server cannot reach it); address: the menu's thirdPartyUrl with {projectName} replaced. A menu " +
          'the caller may not open, or one without a third-party address: -403 无权访问该功能.',
        security,
        querystring: {
          type: 'object',
          required: ['menuId'],
          properties: { menuId: { type: 'string', minLength: 1, maxLength: 64 }, projectName: projectNameProperty },
        },
        response: {
          200: envelope({
            data: {
              type: 'object',
              required: ['state', 'reason', 'address'],
              properties: {
                state: { type: 'string', enum: ['allowed', 'refused', 'unknown'] },
                reason: { type: 'string' },
                address: { type: 'string' },
              },
            },
          }),
        },
      },
    },
    async (request): Promise<Envelope<FrameCheck & { address: string }>> => {
      const { portal } = app.services;
      const ctx = await portalContext(portal, requireAuth(request).view, request.query.projectName);
      const available = await portal.commonMenus.available(ctx.menu);
      const menu = available.find((item) => item.id === request.query.menuId);
      if (!menu?.thirdPartyUrl) throw new ApiError(MsgCode.forbidden, '无权访问该功能');
      const address = thirdPartyAddress(menu.thirdPartyUrl, ctx.project?.name);
      const portalOrigin = `${request.protocol}://${request.host}`;
      return ok('', { ...(await portal.thirdPartyFrames.check(address, portalOrigin)), address });
    },
  );
};

/** The URL prefix of this file's routes. */
export const prefix = '/api/zhgd/menu';
export default routes;
