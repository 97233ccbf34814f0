/**
 * /api/zhgd/screenDesign: what a big screen shows (portal/screen-designs.ts).
 *   GET /:id -> data {file, designed}: the designed version a module keeps of the screen, else the shipped page file
 *   with the modules' panels (designed false). -404 for an id that is no screen.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { DomainError } from '../../../domain-error.js';
import { envelope } from '../../../http/envelope-schema.js';
import { ok } from '../../../http/route-helpers.js';
import { security } from '../../../http/portal-schemas.js';

const routes: FastifyPluginAsync = async (app) => {
  const { screens } = app.services.portal;
  app.get(
    '/:id',
    {
      config: { auth: 'user', audit: false },
      schema: {
        tags: ['portal'],
        summary: "A big screen's design",
        description:
          'data {file, designed}: the dashboard file the screen draws (kind dashboard, theme screen): the version a ' +
          "module keeps (a configurator's saved design, designed true) or the shipped one with the modules' panels. " +
          'Panels of a permission the caller lacks are left for the page to hide, as with the shipped file.',
        security,
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', pattern: '^[a-z][a-zA-Z0-9-]*$', maxLength: 64 } },
        },
        response: {
          200: envelope({
            data: {
              type: 'object',
              required: ['file', 'designed'],
              properties: { file: { type: 'object', additionalProperties: true }, designed: { type: 'boolean' } },
            },
          }),
        },
      },
    },
    async (request: FastifyRequest<{ Params: { id: string } }>) => {
      const design = await screens.design(request.params.id);
      if (!design) throw new DomainError('notFound', '大屏不存在');
      return ok('', design);
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/zhgd/screenDesign';
export default routes;
