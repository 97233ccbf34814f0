/**
 * Areas (spec section 7 "Administration"): GET /api/system/area/{id}/treeData, GET/PUT/DELETE /api/system/area/{id},
 * POST /api/system/area (schemas/forms/admin-area.json).
 */
import type { FastifyPluginAsync } from 'fastify';
import { adminResourceRoutes } from '../../../../http/admin-resource-routes.js';
import { adminConfig, idParams, needs, record, security, strings, treeNode } from '../../../../http/admin-schemas.js';
import { envelope } from '../../../../http/envelope-schema.js';
import { ok } from '../../../../http/route-helpers.js';
import { flattenTree } from '../../../../admin/tree.js';

// The office form's area select reads the tree too.
const VIEW = ['sys:area:view', 'sys:office:view'] as const;

const areaFields = {
  ...strings('id', 'parentId', 'parentIds', 'name', 'code', 'type', 'remarks', 'createDate', 'updateDate'),
  sort: { type: 'integer' },
};

const routes: FastifyPluginAsync = async (app) => {
  const { areas } = app.services.admin;

  app.get<{ Params: { id: string }; Querystring: { flat?: string } }>(
    '/:id/treeData',
    {
      schema: {
        tags: ['system'],
        summary: 'Area tree',
        description: `The areas of the subtree rooted at {id} ('0': all) as a tree in data (childList). flat=1: a flat list in tree order with path and depth (select widgets). ${needs(VIEW)}`,
        security,
        params: idParams,
        querystring: { type: 'object', properties: { flat: { type: 'string', enum: ['0', '1'] } } },
        response: {
          200: envelope({
            data: {
              type: 'array',
              items: treeNode({ ...areaFields, path: { type: 'string' }, depth: { type: 'integer' } }),
            },
          }),
        },
      },
      config: adminConfig(VIEW, '区域树'),
    },
    async (request) => {
      const tree = await areas.tree(request.params.id);
      return ok('', request.query.flat === '1' ? flattenTree(tree) : tree);
    },
  );

  adminResourceRoutes(app, {
    names: { zh: '区域', en: 'an area' },
    tag: 'system',
    view: VIEW,
    edit: 'sys:area:edit',
    form: 'admin-area',
    record: record(areaFields),
    service: areas,
    get: { description: '-404 区域不存在.' },
    create: { description: "Body: schemas/forms/admin-area.json (parentId '0' for a top-level area)." },
    update: { description: 'Body: schemas/forms/admin-area.json; a new parentId moves the subtree.' },
    remove: { description: 'Soft delete; -409 while it has sub-areas or offices refer to it.' },
  });
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/system/area';
export default routes;
