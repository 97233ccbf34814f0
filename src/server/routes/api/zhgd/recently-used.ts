/**
 * /api/zhgd/RecentlyUsed: menus the user opened recently, per project (spec section 4: opening a child menu
 * records it).
 *   POST /insert {menuId (or id), projectName} -> msgCode 0 (a menu the roles do not grant here: -403)
 *   POST /getAll {projectName}                  -> data: (MenuRecord & {usedAt})[] newest first, at most 10
 */
import type { FastifyPluginAsync } from 'fastify';
import { MsgCode, type Envelope } from '../../../../shared/envelope.js';
import { ApiError } from '../../../http/api-error.js';
import { envelope, menuRecordSchema } from '../../../http/envelope-schema.js';
import { ok } from '../../../http/route-helpers.js';
import { portalContext } from '../../../portal/services.js';
import type { RecentMenu } from '../../../portal/recently-used.js';
import { bodyOrEmpty, projectNameProperty, security } from '../../../http/portal-schemas.js';
import { requireAuth } from '../../../http/request-context.js';

const idProperty = {
  type: 'string',
  maxLength: 64,
  errorMessage: { type: '功能编号格式不正确', maxLength: '功能编号格式不正确' },
};

interface InsertBody {
  id?: string;
  menuId?: string;
  projectName?: string;
}

const routes: FastifyPluginAsync = async (app) => {
  app.post<{ Body: InsertBody }>(
    '/insert',
    {
      config: { auth: 'user', title: '记录最近使用' },
      preValidation: bodyOrEmpty,
      schema: {
        tags: ['workbench'],
        summary: 'Record that the user opened a menu',
        description:
          'Body {menuId, projectName}; `id` is accepted as the menu id when menuId is missing. Opening it again ' +
          'moves it to the front. -400 请选择功能 without a menu id; -403 无权访问该功能 for a menu not granted.',
        security,
        body: {
          type: 'object',
          properties: { id: idProperty, menuId: idProperty, projectName: projectNameProperty },
        },
        response: { 200: envelope() },
      },
    },
    async (request): Promise<Envelope> => {
      const { portal, config } = app.services;
      const menuId = request.body.menuId || request.body.id;
      if (!menuId)
        throw new ApiError(MsgCode.invalidInput, '请选择功能', {
          errors: [{ field: 'menuId', message: '请选择功能' }],
        });
      const ctx = await portalContext(portal, requireAuth(request).view, request.body.projectName);
      await portal.recentlyUsed.record(ctx.menu, menuId, config.now());
      return ok('');
    },
  );

  app.post<{ Body: { projectName?: string } }>(
    '/getAll',
    {
      config: { auth: 'user', audit: false },
      preValidation: bodyOrEmpty,
      schema: {
        tags: ['workbench'],
        summary: "The user's recently used menus",
        description: 'data: menu records (childList []) with usedAt (ISO 8601), newest first, at most 10.',
        security,
        body: { type: 'object', properties: { projectName: projectNameProperty } },
        response: {
          200: envelope({
            data: {
              type: 'array',
              items: {
                type: 'object',
                required: ['id', 'name', 'usedAt'],
                properties: { ...menuRecordSchema.properties, usedAt: { type: 'string' } },
              },
            },
          }),
        },
      },
    },
    async (request): Promise<Envelope<RecentMenu[]>> => {
      const { portal } = app.services;
      const ctx = await portalContext(portal, requireAuth(request).view, request.body.projectName);
      return ok('', await portal.recentlyUsed.list(ctx.menu));
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/zhgd/RecentlyUsed';
export default routes;
