/**
 * Offices (institutions), spec section 7 "Administration":
 * - GET  /api/system/office/{id}/treeData        full office nodes, subtree of {id} ('0' = all), `flat=1` for a list
 * - GET  /api/system/office/v1.0/{id}/treeData   institution nodes {id, name, type, parentId, childList}, usable only
 * - POST /api/system/office/v1.2/treeData        search {name?, type?}: matches with their ancestors, as a tree
 * - GET/PUT/DELETE /api/system/office/{id}, POST /api/system/office (schemas/forms/admin-office.json)
 * A company-scoped caller (company manager) sees only its own company's subtree.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../../shared/envelope.js';
import { adminResourceRoutes } from '../../../../http/admin-resource-routes.js';
import { adminConfig, idParams, needs, record, security, strings, treeNode } from '../../../../http/admin-schemas.js';
import { envelope } from '../../../../http/envelope-schema.js';
import { ok } from '../../../../http/route-helpers.js';
import { flattenTree } from '../../../../admin/tree.js';
import { requireGrants } from '../../../../http/request-context.js';

const VIEW = ['sys:office:view', 'sys:user:view'] as const;

const officeFields = {
  ...strings('id', 'parentId', 'parentIds', 'name', 'englishName', 'simpleName', 'type', 'grade', 'code'),
  sort: { type: 'integer' },
  ...strings(
    'areaId',
    'address',
    'zipCode',
    'master',
    'phone',
    'fax',
    'email',
    'useable',
    'remarks',
    'createDate',
    'updateDate',
  ),
};
const treeQuery = {
  type: 'object',
  properties: {
    flat: {
      type: 'string',
      enum: ['0', '1'],
      description: "'1': a flat list in tree order, each row with `path` (names joined by ' / ') and `depth`",
    },
  },
};

const routes: FastifyPluginAsync = async (app) => {
  const { offices } = app.services.admin;

  app.get<{ Params: { id: string }; Querystring: { flat?: string } }>(
    '/:id/treeData',
    {
      schema: {
        tags: ['system'],
        summary: 'Office tree (full nodes)',
        description: `The live offices of the subtree rooted at {id} ('0': every office the caller sees) as a tree in data (childList, sorted by sort). flat=1 answers a flat list in tree order with path and depth. ${needs(VIEW)}`,
        security,
        params: idParams,
        querystring: treeQuery,
        response: { 200: envelope({ data: { type: 'array', items: treeNode(officeFields) } }) },
      },
      config: adminConfig(VIEW, '机构树'),
    },
    async (request): Promise<Envelope<unknown>> => {
      const { scope } = requireGrants(request);
      const tree = await offices.tree(request.params.id, scope);
      return ok('', request.query.flat === '1' ? flattenTree(tree) : tree);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { flat?: string } }>(
    '/v1.0/:id/treeData',
    {
      schema: {
        tags: ['system'],
        summary: 'Office tree (institution nodes, usable offices)',
        description: `Spec section 3's institution tree nodes {id, name, type, parentId, sort, childList} of the usable offices under {id} ('0': all the caller sees); type '3' (project department) is what the project picker may select. flat=1: a flat list [{id, name, type, parentId, sort, path, depth}] for select widgets (label path, value id). ${needs(VIEW)}`,
        security,
        params: idParams,
        querystring: treeQuery,
        response: {
          200: envelope({
            data: {
              type: 'array',
              items: treeNode({
                ...strings('id', 'name', 'type', 'parentId', 'path'),
                sort: { type: 'integer' },
                depth: { type: 'integer' },
              }),
            },
          }),
        },
      },
      config: adminConfig(VIEW, '机构树'),
    },
    async (request): Promise<Envelope<unknown>> => {
      const { scope } = requireGrants(request);
      const { id } = request.params;
      return ok('', request.query.flat === '1' ? await offices.flat(id, scope) : await offices.briefTree(id, scope));
    },
  );

  app.post<{ Body: { name?: string; type?: string } | null }>(
    '/v1.2/treeData',
    {
      schema: {
        tags: ['system'],
        summary: 'Office tree search',
        description: `Body {name?, type?} (both optional; name: contains): the offices matching, each with its ancestors, as a tree of full nodes. Empty body: the whole tree. ${needs(VIEW)}`,
        security,
        body: {
          anyOf: [
            {
              type: 'object',
              properties: { name: { type: 'string', maxLength: 50 }, type: { type: 'string', maxLength: 10 } },
            },
            { type: 'null' },
          ],
        },
        response: { 200: envelope({ data: { type: 'array', items: treeNode(officeFields) } }) },
      },
      config: { ...adminConfig(VIEW, '机构树查询'), audit: false },
    },
    async (request): Promise<Envelope<unknown>> => {
      const { scope } = requireGrants(request);
      const body = request.body ?? {};
      return ok('', await offices.search({ name: body.name?.trim(), type: body.type }, scope));
    },
  );

  adminResourceRoutes(app, {
    names: { zh: '机构', en: 'an office' },
    tag: 'system',
    view: VIEW,
    edit: 'sys:office:edit',
    form: 'admin-office',
    record: record(officeFields),
    service: offices,
    get: { description: 'data: the office; -404 机构不存在.' },
    create: {
      description:
        "Body: schemas/forms/admin-office.json (parentId '0' for a top-level company). data: the office. -400 with the form's messages; -404 上级机构不存在 (outside the caller's company).",
    },
    update: {
      description:
        'Body: schemas/forms/admin-office.json. A new parentId moves the whole subtree (-400 上级不能是自己或自己的下级). data: the office.',
    },
    remove: {
      description:
        'Soft delete. -409 while it has sub-offices (该机构下还有下级机构，请先删除下级机构), users or projects; -404 机构不存在.',
    },
  });
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/system/office';
export default routes;
