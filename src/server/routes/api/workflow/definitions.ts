/**
 * /api/workflow/definitions: the processes a user may start, by category, with search; one definition's newest
 * version with its form (what the start page renders); publishing a new version (the flow designer), checked by the
 * same meta-schema and checks as `schemas:check`. Running instances keep the version they started on.
 */
import type { FastifyPluginAsync } from 'fastify';
import { PROCESS_CATEGORIES, flowNodes, type ProcessFile } from '../../../../shared/processes.js';
import { envelope } from '../../../http/envelope-schema.js';
import { dropEmptyInput, ok } from '../../../http/route-helpers.js';
import { security } from '../../../http/portal-schemas.js';
import { tags } from '../../../workflow/route-schemas.js';
import { requireAuth } from '../../../http/request-context.js';

const processIdParams = {
  type: 'object',
  required: ['processId'],
  properties: { processId: { type: 'string', pattern: '^[a-z][a-z0-9]*(-[a-z0-9]+)*$', maxLength: 64 } },
} as const;

/** The nodes whose approvers the starter picks: the start page asks for them. */
function starterChosen(file: ProcessFile): { nodeId: string; name: string }[] {
  return flowNodes(file.flow).flatMap(({ node }) =>
    node.type === 'approval' && node.approvers.type === 'starter' ? [{ nodeId: node.id, name: node.name }] : [],
  );
}

const routes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { keyword?: string; category?: string } }>(
    '/',
    {
      config: { auth: 'user' },
      preValidation: dropEmptyInput,
      schema: {
        tags,
        summary: 'Processes I may start, by category (流程分类)',
        description:
          'data: [{category, definitions: [{processId, name, category, description, version}]}], categories in the ' +
          'usual order, empty ones left out; keyword: a substring of the name or description.',
        security,
        querystring: {
          type: 'object',
          properties: {
            keyword: { type: 'string', maxLength: 50, errorMessage: { maxLength: '搜索内容不能超过50个字符' } },
            category: { type: 'string', enum: [...PROCESS_CATEGORIES], errorMessage: { enum: '流程分类不正确' } },
          },
        },
        response: {
          200: envelope({
            data: {
              type: 'array',
              items: {
                type: 'object',
                properties: {
                  category: { type: 'string' },
                  definitions: {
                    type: 'array',
                    items: {
                      type: 'object',
                      properties: {
                        processId: { type: 'string' },
                        name: { type: 'string' },
                        category: { type: 'string' },
                        description: { type: 'string' },
                        version: { type: 'integer' },
                      },
                    },
                  },
                },
              },
            },
          }),
        },
      },
    },
    async (request) => {
      const { view } = requireAuth(request);
      const { keyword, category } = request.query;
      const all = await app.workflow.definitions.latestAll();
      const startable: { processId: string; name: string; category: string; description: string; version: number }[] =
        [];
      for (const definition of all) {
        const file = definition.body;
        if (category && definition.category !== category) continue;
        if (keyword && !definition.name.includes(keyword) && !(file.description ?? '').includes(keyword)) continue;
        if (!(await app.workflow.engine.mayStart(file, view.user.id))) continue;
        startable.push({
          processId: definition.processId,
          name: definition.name,
          category: definition.category,
          description: file.description ?? '',
          version: definition.version,
        });
      }
      const groups = PROCESS_CATEGORIES.map((name) => ({
        category: name,
        definitions: startable.filter((d) => d.category === name),
      })).filter((group) => group.definitions.length > 0);
      return ok('', groups);
    },
  );

  app.get<{ Params: { processId: string } }>(
    '/:processId',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'A process definition with its form (newest version)',
        description:
          'data: {processId, name, category, description, version, form: {schema, uiSchema}, flow, references, ' +
          'starterChosen: [{nodeId, name}] (nodes whose approvers the starter picks)}. -404 unknown process.',
        security,
        params: processIdParams,
      },
    },
    async (request) => {
      const definition = await app.workflow.definitions.latest(request.params.processId);
      const file = definition.body;
      return ok('', {
        processId: definition.processId,
        name: definition.name,
        category: definition.category,
        description: file.description ?? '',
        version: definition.version,
        form: { schema: file.form.schema, uiSchema: file.form.uiSchema ?? {} },
        flow: file.flow,
        references: file.references ?? {},
        starterChosen: starterChosen(file),
      });
    },
  );

  app.post<{ Params: { processId: string }; Body: Record<string, unknown> }>(
    '/:processId/versions',
    {
      config: { auth: 'user', permission: 'workflow:definition:publish', title: '发布流程' },
      schema: {
        tags,
        summary: 'Publish a new version of a process definition (flow designer)',
        description:
          'Body: the whole definition as in schemas/processes/<id>.json (meta-schema schemas/meta/process.json). ' +
          'Refused with -400 and data.errors [{field: JSON pointer, message}] when it fails the meta-schema or the ' +
          "flow's checks (a condition over a missing field, an unknown role or user, an unreachable branch). " +
          'Answers {processId, version}. Running instances keep their version.',
        security,
        params: processIdParams,
        body: { type: 'object', description: 'A process definition file' },
        response: {
          200: envelope({
            data: {
              type: 'object',
              properties: { processId: { type: 'string' }, version: { type: 'integer' } },
            },
          }),
        },
      },
    },
    async (request) => {
      const { view } = requireAuth(request);
      const { definitions, collections } = app.workflow;
      const published = await definitions.publish(
        request.params.processId,
        request.body,
        await definitions.facts(collections),
        view.user.id,
      );
      return ok('发布成功', { processId: published.processId, version: published.version });
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/workflow/definitions';
export default routes;
