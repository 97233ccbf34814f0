/**
 * /api/zhgd/MyCommonMenu: the user's common applications (常用应用) per project, and the side menu's app search.
 * Menus are those the user's roles grant for the named project's type; a project the user may not see is -403.
 *   GET  /getMenu?projectName&menuName&officeId -> data: MenuRecord[] (flat, childList []), flag '1' = common
 *   POST /getAll {projectName, officeId}        -> data: MenuRecord[] (flag '1'), in the order added
 *   POST /insert {projectName, menuId}          -> errMsg 功能添加成功 (again: no-op success; not granted: -403)
 *   GET  /delete/{menuId}?projectName           -> errMsg 功能取消成功 (only the caller's own; without
 *        projectName the app stops being common in every project)
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope, MenuRecord } from '../../../../shared/envelope.js';
import { envelope } from '../../../http/envelope-schema.js';
import { ok } from '../../../http/route-helpers.js';
import { CommonMenuMessages } from '../../../portal/common-menus.js';
import { portalContext } from '../../../portal/services.js';
import {
  bodyOrEmpty,
  menuListSchema,
  officeIdProperty,
  projectNameProperty,
  security,
} from '../../../http/portal-schemas.js';
import { requireAuth } from '../../../http/request-context.js';

const menuIdProperty = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  errorMessage: {
    required: '请选择功能',
    type: '功能编号格式不正确',
    minLength: '请选择功能',
    maxLength: '功能编号格式不正确',
  },
};

interface GetMenuQuery {
  projectName?: string;
  menuName?: string;
  officeId?: string;
}

interface ProjectBody {
  projectName?: string;
  officeId?: string;
}

interface InsertBody {
  projectName?: string;
  menuId: string;
}

const routes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: GetMenuQuery }>(
    '/getMenu',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['workbench'],
        summary: 'Search the applications the user may open (side menu search)',
        description:
          'Flat list of application menus (with href or thirdPartyUrl) that the roles grant for the project type, ' +
          'whose name contains menuName (case-insensitive; empty = all). flag "1" marks the user\'s common apps. ' +
          'An empty list means 未查询到功能，请核对后重新输入 on the client.',
        security,
        querystring: {
          type: 'object',
          properties: {
            projectName: projectNameProperty,
            menuName: { type: 'string', maxLength: 50, errorMessage: { maxLength: '应用名称不能超过50个字符' } },
            officeId: officeIdProperty,
          },
        },
        response: { 200: envelope({ data: menuListSchema }) },
      },
    },
    async (request): Promise<Envelope<MenuRecord[]>> => {
      const { portal } = app.services;
      const ctx = await portalContext(portal, requireAuth(request).view, request.query.projectName);
      return ok('', await portal.commonMenus.search(ctx.menu, request.query.menuName ?? ''));
    },
  );

  app.post<{ Body: ProjectBody }>(
    '/getAll',
    {
      config: { auth: 'user', audit: false },
      preValidation: bodyOrEmpty,
      schema: {
        tags: ['workbench'],
        summary: "The user's common applications in a project",
        description:
          'data: the common apps (MenuRecord, flag "1", childList []) in the order they were added; apps the ' +
          'roles no longer grant are left out. Empty list: 暂无常用应用 on the client.',
        security,
        body: { type: 'object', properties: { projectName: projectNameProperty, officeId: officeIdProperty } },
        response: { 200: envelope({ data: menuListSchema }) },
      },
    },
    async (request): Promise<Envelope<MenuRecord[]>> => {
      const { portal } = app.services;
      const ctx = await portalContext(portal, requireAuth(request).view, request.body.projectName);
      return ok('', await portal.commonMenus.list(ctx.menu));
    },
  );

  app.post<{ Body: InsertBody }>(
    '/insert',
    {
      config: { auth: 'user', title: '添加常用应用' },
      preValidation: bodyOrEmpty,
      schema: {
        tags: ['workbench'],
        summary: 'Add a common application',
        description:
          'Body {projectName, menuId}. errMsg 功能添加成功. Adding one that is already common changes nothing and ' +
          'succeeds. -403 无权添加该功能 when the roles do not grant the menu for the project type; -409 beyond 30.',
        security,
        body: {
          type: 'object',
          required: ['menuId'],
          properties: { projectName: projectNameProperty, menuId: menuIdProperty },
        },
        response: { 200: envelope() },
      },
    },
    async (request): Promise<Envelope> => {
      const { portal, config } = app.services;
      const ctx = await portalContext(portal, requireAuth(request).view, request.body.projectName);
      await portal.commonMenus.add(ctx.menu, request.body.menuId, config.now());
      return ok(CommonMenuMessages.added);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { projectName?: string } }>(
    '/delete/:id',
    {
      // A delete by GET, as the client calls it: audited like the writes.
      config: { auth: 'user', audit: true, title: '取消常用应用' },
      schema: {
        tags: ['workbench'],
        summary: 'Remove a common application',
        description:
          '{id} is the MENU id. With ?projectName the app stops being common in that project, without it in ' +
          "every project. Only the caller's own entries; removing one that is not there succeeds. errMsg 功能取消成功.",
        security,
        params: { type: 'object', required: ['id'], properties: { id: menuIdProperty } },
        querystring: { type: 'object', properties: { projectName: projectNameProperty } },
        response: { 200: envelope() },
      },
    },
    async (request): Promise<Envelope> => {
      const { portal } = app.services;
      const { view } = requireAuth(request);
      const projectName = request.query.projectName;
      const ctx = projectName ? await portalContext(portal, view, projectName) : undefined;
      await portal.commonMenus.remove(view.user.id, request.params.id, ctx?.menu.projectKey);
      return ok(CommonMenuMessages.removed);
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/zhgd/MyCommonMenu';
export default routes;
