/**
 * POST /api/device/base/v2.0/companyTree (no body): the institution tree of the project picker and of the login
 * flow (the first node with clickFlag '1' is picked). Nodes {id, name, type, parentId, clickFlag, childList};
 * type '3' nodes with a project (clickFlag '1') also carry the selection fields of spec section 3: edpId,
 * edpName, objectId, objectName, status, code, officeId, projectName, projectType, projectId, parentId, logPath,
 * functionModel; with IoT devices, deviceList (each device's online state). Administrators see every office,
 * others their company's subtree.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Envelope } from '../../../../../../shared/envelope.js';
import { envelope, type Schema } from '../../../../../http/envelope-schema.js';
import { ok } from '../../../../../http/route-helpers.js';
import type { CompanyTreeNode } from '../../../../../portal/projects.js';
import { security } from '../../../../../http/portal-schemas.js';
import { requireAuth } from '../../../../../http/request-context.js';

const str = { type: 'string' } as const;

const nodeSchema: Schema = {
  $id: 'CompanyTreeNode',
  type: 'object',
  required: ['id', 'name', 'type', 'parentId', 'clickFlag', 'childList'],
  properties: {
    id: str,
    name: str,
    type: { type: 'string', description: '1 company, 2 branch / department, 3 project department (selectable)' },
    parentId: str,
    clickFlag: { type: 'string', description: '1 = selectable (a project department with a project)' },
    edpId: str,
    edpName: str,
    objectId: str,
    objectName: str,
    status: str,
    code: str,
    officeId: str,
    projectName: str,
    projectType: str,
    projectId: str,
    logPath: str,
    functionModel: str,
    childList: { type: 'array', items: { $ref: 'CompanyTreeNode#' } },
    deviceList: {
      type: 'array',
      description: "A project's IoT devices (present when it has any)",
      items: {
        type: 'object',
        required: ['id', 'name', 'serial', 'deviceType', 'deviceTypeName', 'online', 'onlineLabel', 'lastSeen'],
        properties: {
          id: str,
          name: str,
          serial: str,
          deviceType: str,
          deviceTypeName: str,
          online: { type: 'boolean' },
          onlineLabel: { type: 'string', description: '在线, 离线, 未上报 or 未接入' },
          lastSeen: { type: ['string', 'null'], description: 'ISO time of the last reading' },
        },
      },
    },
  },
};

const routes: FastifyPluginAsync = async (app) => {
  app.addSchema(nodeSchema);
  // The client posts without a body, sometimes still saying application/json: an empty JSON body means "none".
  // Anything else goes to Fastify's own JSON parser, so a malformed body gets the common -400.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 4096 }, (request, text, done) => {
    const raw = String(text);
    if (raw.trim() === '') return done(null, {});
    return parseJson(request, raw, done);
  });

  app.post(
    '/companyTree',
    {
      config: { auth: 'user', audit: false },
      schema: {
        tags: ['workbench'],
        summary: 'Institution tree with selectable projects (project picker)',
        description: 'data: root nodes (the company, or every top-level office for administrators).',
        security,
        response: { 200: envelope({ data: { type: 'array', items: { $ref: 'CompanyTreeNode#' } } }) },
      },
    },
    async (request): Promise<Envelope<CompanyTreeNode[]>> => {
      const { portal } = app.services;
      const scope = await portal.projects.scopeOf(requireAuth(request).view.user.id);
      return ok('', await portal.projects.companyTree(scope));
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/device/base/v2.0';
export default routes;
