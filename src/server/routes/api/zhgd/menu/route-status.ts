/**
 * GET /api/zhgd/menu/routeStatus?href&projectName: why a path of a module area is not in the caller's menu tree
 * for the selected project, so the screen can say so plainly: the menu is for other project types (a highway
 * project has no 升降机监测), the caller's roles do not grant it, or no menu has that path.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../../shared/envelope.js';
import { envelope } from '../../../../http/envelope-schema.js';
import { dropEmptyInput, ok } from '../../../../http/route-helpers.js';
import { projectNameProperty, security } from '../../../../http/portal-schemas.js';
import { requireAuth } from '../../../../http/request-context.js';
import type { RouteStatus } from '../../../../portal/menus.js';
import { portalContext } from '../../../../portal/services.js';

const routes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { href: string; projectName?: string } }>(
    '/routeStatus',
    {
      config: { auth: 'user', audit: false },
      preValidation: dropEmptyInput,
      schema: {
        tags: ['menu'],
        summary: "Why a path is not in the caller's menu tree",
        description:
          "state projectType (the menu is for the project types listed, not the selected project's), notGranted " +
          "(the caller's roles lack it), unknown (no menu has the path). A project the caller may not see: -403.",
        security,
        querystring: {
          type: 'object',
          required: ['href'],
          properties: { href: { type: 'string', minLength: 1, maxLength: 300 }, projectName: projectNameProperty },
        },
        response: {
          200: envelope({
            data: {
              type: 'object',
              required: ['state', 'menuName', 'projectTypes'],
              properties: {
                state: { type: 'string', enum: ['projectType', 'notGranted', 'unknown'] },
                menuName: { type: 'string' },
                projectTypes: { type: 'array', items: { type: 'string' } },
              },
            },
          }),
        },
      },
    },
    async (request): Promise<Envelope<RouteStatus>> => {
      const { portal, menus } = app.services;
      const ctx = await portalContext(portal, requireAuth(request).view, request.query.projectName);
      return ok('', await menus.routeStatus(request.query.href, ctx.menu.projectType));
    },
  );
};

/** The URL prefix of this file's routes. */
export const prefix = '/api/zhgd/menu';
export default routes;
