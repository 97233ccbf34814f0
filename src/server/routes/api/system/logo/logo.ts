/**
 * Company logos (spec section 7 "Administration"): POST /api/system/logo/v1.0/create, POST
 * /api/system/logo/v1.0/edit/{id}, GET /api/system/logo/v1.0/list, GET /api/system/logo/v1.0/delete/{id} (a
 * delete by GET, as the spec names it: audited like every write), GET /api/system/logo/getNewest (public: the
 * header and the login page show it). Images are data URLs (admin/logos.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { adminResourceRoutes } from '../../../../http/admin-resource-routes.js';
import { record, strings } from '../../../../http/admin-schemas.js';
import { envelope } from '../../../../http/envelope-schema.js';
import { ok } from '../../../../http/route-helpers.js';

const logoRecord = record(strings('id', 'name', 'image', 'remarks', 'createDate', 'updateDate'));
const imageRules =
  'image: a data URL (data:image/png|jpeg|gif|webp|svg+xml;base64,...), at most 512 KiB decoded (-400 图片不能超过512KB).';

const routes: FastifyPluginAsync = async (app) => {
  const { logos } = app.services.admin;

  adminResourceRoutes(app, {
    names: { zh: 'Logo', en: 'a logo' },
    tag: 'system',
    view: 'sys:logo:view',
    edit: 'sys:logo:edit',
    form: 'admin-logo',
    bodyLimit: 1024 * 1024,
    record: logoRecord,
    service: logos,
    list: {
      url: '/v1.0/list',
      summary: 'Logos, paged, newest first',
      description: 'Filter name (contains).',
      search: 'search-logo',
    },
    create: { url: '/v1.0/create', description: `Body: schemas/forms/admin-logo.json. ${imageRules}` },
    update: {
      method: 'POST',
      url: '/v1.0/edit/:id',
      summary: 'Edit a logo',
      description: `Body: schemas/forms/admin-logo.json. -404 Logo不存在. ${imageRules}`,
    },
    remove: {
      method: 'GET',
      url: '/v1.0/delete/:id',
      summary: 'Delete a logo (GET, as the spec names it)',
      description: 'Soft delete; -404 Logo不存在. Audited.',
    },
  });

  app.get(
    '/getNewest',
    {
      schema: {
        tags: ['system'],
        summary: 'The newest logo (public)',
        description:
          'data: the most recently created logo {id, name, image, remarks, createDate, updateDate}, or null when there is none. No login needed.',
        response: { 200: envelope({ data: { anyOf: [logoRecord, { type: 'null' }] } }) },
      },
    },
    async () => ok('', await logos.newest()),
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/system/logo';
export default routes;
