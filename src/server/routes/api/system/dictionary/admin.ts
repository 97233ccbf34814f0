/**
 * Dictionary administration (spec section 7): GET /api/system/dictionary/list (pageNo, pageSize, label, type,
 * description), GET/PUT/DELETE /api/system/dictionary/{id}, POST /api/system/dictionary
 * (schemas/forms/admin-dictionary.json). GET /api/system/dictionary/{type}/list (list.ts) stays public.
 */
import type { FastifyPluginAsync } from 'fastify';
import { adminResourceRoutes } from '../../../../http/admin-resource-routes.js';
import { record, strings } from '../../../../http/admin-schemas.js';

const dictRecord = record({
  ...strings('id', 'type', 'label', 'value', 'description', 'remarks', 'createDate', 'updateDate'),
  sort: { type: 'integer' },
});

const routes: FastifyPluginAsync = async (app) => {
  adminResourceRoutes(app, {
    names: { zh: '字典', en: 'a dictionary entry' },
    tag: 'system',
    view: 'sys:dict:view',
    edit: 'sys:dict:edit',
    form: 'admin-dictionary',
    record: dictRecord,
    service: app.services.admin.dictionaries,
    list: {
      summary: 'Dictionary entries, paged',
      description: 'Filters label, type, description (contains); ordered by type, sort, value.',
      search: 'search-dictionary',
    },
    get: { description: '-404 字典不存在.' },
    create: { description: 'Body: schemas/forms/admin-dictionary.json. -409 该类型下已有相同键值的字典.' },
    update: { description: 'Body: schemas/forms/admin-dictionary.json. -409 on a duplicate (type, value).' },
    remove: { description: 'Soft delete.' },
  });
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/system/dictionary';
export default routes;
