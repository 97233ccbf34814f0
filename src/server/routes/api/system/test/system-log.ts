/** GET /api/system/test/systemLog/list: the audit log of API writes (plugins/audit-log.ts), newest first. */
import type { FastifyPluginAsync } from 'fastify';
import { adminConfig, listQuery, needs, record, security, strings } from '../../../../http/admin-schemas.js';
import { pageEnvelope } from '../../../../http/envelope-schema.js';
import { dropEmptyInput, ok } from '../../../../http/route-helpers.js';
import type { LogQuery } from '../../../../admin/audit-log.js';

const PERMISSION = 'sys:log:view';

const routes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: LogQuery }>(
    '/systemLog/list',
    {
      schema: {
        tags: ['system'],
        summary: 'Audit log query',
        description:
          'One row per API write (POST, PUT, DELETE and the GET delete of logos), newest first: who (createBy user id, ' +
          'createByName login name), when (createDate ISO), method, requestUri, params (JSON text of query and body ' +
          'without passwords, codes, tokens, keys or ID numbers; long values cut), msgCode of the answer, durationMs, ' +
          "remoteAddr, userAgent, title, type ('1' access, '2' exception). Filters: title and requestUri (contains), " +
          'createDateBegin / createDateEnd (yyyy-MM-dd, inclusive, whole days in China time). ' +
          needs(PERMISSION),
        security,
        querystring: listQuery(app.services.forms.wireSchema('search-log')),
        response: {
          200: pageEnvelope(
            record({
              ...strings(
                'id',
                'type',
                'title',
                'method',
                'requestUri',
                'params',
                'remoteAddr',
                'userAgent',
                'createBy',
                'createByName',
                'createDate',
              ),
              msgCode: { type: ['integer', 'null'] },
              durationMs: { type: 'integer' },
            }),
          ),
        },
      },
      config: adminConfig(PERMISSION, '日志查询'),
      preValidation: dropEmptyInput,
    },
    async (request) => ok('', await app.services.admin.auditLog.list(request.query)),
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/system/test';
export default routes;
