/**
 * /api/workflow/designer: what the flow designer (系统管理 / 流程设计) reads. The list of process definitions with
 * their current version, and one definition's newest file in full with its versions and the roles and users its
 * nodes may name (the designer checks a definition with the same rules as the server before publishing, which
 * stays `POST /api/workflow/definitions/:processId/versions`).
 */
import type { FastifyPluginAsync } from 'fastify';
import { envelope, type Schema } from '../../../http/envelope-schema.js';
import { ok } from '../../../http/route-helpers.js';
import { security } from '../../../http/portal-schemas.js';
import { tags } from '../../../workflow/route-schemas.js';

/** Seeing the designer; publishing needs `workflow:definition:publish` besides. */
export const DESIGNER_PERMISSION = 'workflow:definition:view';

const processIdParams = {
  type: 'object',
  required: ['processId'],
  properties: { processId: { type: 'string', pattern: '^[a-z][a-z0-9]*(-[a-z0-9]+)*$', maxLength: 64 } },
} as const;

const versionSchema: Schema = {
  type: 'object',
  properties: {
    version: { type: 'integer' },
    publishedAt: { type: 'string', format: 'date-time' },
    publishedBy: { type: 'string', nullable: true },
  },
};

/** The file's versions carry no publisher: the list says so in words. */
const FROM_FILE = '系统内置';

const routes: FastifyPluginAsync = async (app) => {
  app.get(
    '/definitions',
    {
      config: { auth: 'user', permission: DESIGNER_PERMISSION },
      schema: {
        tags,
        summary: 'Process definitions with their current version (flow designer list)',
        description:
          'data: {dataList: [{processId, name, category, version, publishedAt, publishedBy, versions}]}, by ' +
          'category then name; publishedBy is the publisher’s name, 系统内置 for a version from the schema file.',
        security,
        response: {
          200: envelope({
            data: {
              type: 'object',
              properties: {
                dataList: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: {
                      processId: { type: 'string' },
                      name: { type: 'string' },
                      category: { type: 'string' },
                      version: { type: 'integer' },
                      publishedAt: { type: 'string', format: 'date-time' },
                      publishedBy: { type: 'string' },
                      versions: { type: 'integer' },
                    },
                  },
                },
              },
            },
          }),
        },
      },
    },
    async () => {
      const rows = await app.workflow.definitions.overview();
      return ok('', {
        dataList: rows.map((row) => ({
          ...row,
          publishedAt: row.publishedAt.toISOString(),
          publishedBy: row.publishedBy ?? FROM_FILE,
        })),
      });
    },
  );

  app.get<{ Params: { processId: string } }>(
    '/definitions/:processId',
    {
      config: { auth: 'user', permission: DESIGNER_PERMISSION },
      schema: {
        tags,
        summary: 'One process definition for the designer: the newest file in full, its versions, roles and users',
        description:
          'data: {processId, version, publishedAt, definition (the whole file, as schemas/processes/<id>.json), ' +
          'versions: [{version, publishedAt, publishedBy}] newest first, roles: [{enname, name}], users: [{id, ' +
          'name, loginName}]}. -404 unknown process.',
        security,
        params: processIdParams,
        response: {
          200: envelope({
            data: {
              type: 'object',
              properties: {
                processId: { type: 'string' },
                version: { type: 'integer' },
                publishedAt: { type: 'string', format: 'date-time' },
                definition: { type: 'object', additionalProperties: true },
                versions: { type: 'array', items: versionSchema },
                roles: {
                  type: 'array',
                  items: { type: 'object', properties: { enname: { type: 'string' }, name: { type: 'string' } } },
                },
                users: {
                  type: 'array',
                  items: {
                    type: 'object',
                    properties: { id: { type: 'string' }, name: { type: 'string' }, loginName: { type: 'string' } },
                  },
                },
              },
            },
          }),
        },
      },
    },
    async (request) => {
      const { definitions } = app.workflow;
      const latest = await definitions.latest(request.params.processId);
      const [versions, { roles, users }] = await Promise.all([
        definitions.history(latest.processId),
        definitions.namable(),
      ]);
      return ok('', {
        processId: latest.processId,
        version: latest.version,
        publishedAt: latest.publishedAt.toISOString(),
        definition: latest.body,
        versions: versions.map((v) => ({ ...v, publishedAt: v.publishedAt.toISOString() })),
        roles,
        users,
      });
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/workflow/designer';
export default routes;
