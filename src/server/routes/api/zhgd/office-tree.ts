/**
 * GET /api/zhgd/office/tree: the office tree the user may see (spec: "office tree (response item.officeTree)",
 * path not shown), for the project picker's left panel: nodes {id, name, type, parentId, code, childList}. A
 * node's name is what POST /zhgd/project/withOfficeName filters on (OFFICE_NAME).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../shared/envelope.js';
import { envelope, type Schema } from '../../../http/envelope-schema.js';
import { ok } from '../../../http/route-helpers.js';
import type { OfficeTreeNode } from '../../../portal/projects.js';
import { security } from '../../../http/portal-schemas.js';
import { requireAuth } from '../../../http/request-context.js';

const officeNodeSchema: Schema = {
  $id: 'OfficeTreeNode',
  type: 'object',
  required: ['id', 'name', 'type', 'parentId', 'code', 'childList'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    type: { type: 'string', description: '1 company, 2 branch / department, 3 project department' },
    parentId: { type: 'string' },
    code: { type: 'string' },
    childList: { type: 'array', items: { $ref: 'OfficeTreeNode#' } },
  },
};

const routes: FastifyPluginAsync = async (app) => {
  app.addSchema(officeNodeSchema);
  app.get(
    '/tree',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['workbench'],
        summary: 'Office tree the user may see (item.officeTree)',
        description: "Administrators see every office; others their company's subtree.",
        security,
        response: {
          200: envelope({
            item: {
              type: 'object',
              required: ['officeTree'],
              properties: { officeTree: { type: 'array', items: { $ref: 'OfficeTreeNode#' } } },
            },
          }),
        },
      },
    },
    async (request): Promise<Envelope<never, { officeTree: OfficeTreeNode[] }>> => {
      const { portal } = app.services;
      const scope = await portal.projects.scopeOf(requireAuth(request).view.user.id);
      return { msgCode: 0, errMsg: '', item: { officeTree: await portal.projects.officeTree(scope) } };
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/zhgd/office';
export default routes;
