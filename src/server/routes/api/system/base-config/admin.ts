/**
 * Base config administration (spec section 3): GET /api/system/baseConfig/list (pageNo, pageSize; newest first),
 * GET/PUT/DELETE /api/system/baseConfig/{id}, POST /api/system/baseConfig (a new version, then in force)
 * (schemas/forms/admin-base-config.json). GET /api/pub/baseConfig/newest (routes/api/pub/base-config.ts) stays
 * public and answers the newest row, so every write shows there at once.
 */
import type { FastifyPluginAsync } from 'fastify';
import { adminResourceRoutes } from '../../../../http/admin-resource-routes.js';
import { record, strings } from '../../../../http/admin-schemas.js';

const configRecord = record(
  strings('id', 'name', 'titleLogo', 'projectLogo', 'version', 'support', 'defaultMenu', 'createDate'),
);
const logoRules =
  'titleLogo, projectLogo: an image data URL (data:image/png|jpeg|gif|webp|svg+xml;base64,...) of at most 512 KiB ' +
  'decoded, or a path of the app (/app/favicon.svg); absent: the built-in logo. -400 with the field otherwise.';
/** Two logos of 512 KiB each as base64, and the other fields. */
const bodyLimit = 2 * 1024 * 1024;

const routes: FastifyPluginAsync = async (app) => {
  adminResourceRoutes(app, {
    names: { zh: '基础配置', en: 'a base config version' },
    tag: 'system',
    view: 'sys:config:view',
    edit: 'sys:config:edit',
    form: 'admin-base-config',
    bodyLimit,
    record: configRecord,
    service: app.services.admin.baseConfigs,
    list: {
      summary: 'Base config versions, paged, newest first',
      description: 'The first row of page 1 is the one in force (GET /api/pub/baseConfig/newest).',
    },
    get: { description: '-404 基础配置不存在.' },
    create: {
      summary: 'Create a base config version (it comes into force)',
      description: `Body: schemas/forms/admin-base-config.json. The new row is the newest, so GET /api/pub/baseConfig/newest answers it at once. ${logoRules}`,
    },
    update: {
      summary: 'Update a base config version in place',
      description: `Body: schemas/forms/admin-base-config.json. Keeps its place in the order; editing the newest changes what is in force. -404 基础配置不存在. ${logoRules}`,
    },
    remove: {
      description:
        'Deletes the row (the version before it comes into force if it was the newest). -404 基础配置不存在; -409 至少需要保留一条基础配置，不能删除最后一条.',
    },
  });
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/system/baseConfig';
export default routes;
