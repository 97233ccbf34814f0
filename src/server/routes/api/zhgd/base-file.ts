/**
 * /api/zhgd/base: image uploads (company logos, pictures of the portal's forms).
 *   POST /updateFile (multipart/form-data, one part named `file`) -> data {url, name, size, contentType}
 *   GET  /file/{name} -> the image (public by its unguessable name; immutable, nosniff)
 * PNG, JPEG, GIF and WebP only, recognised by content; at most PORTAL_UPLOAD_MAX_BYTES (default 5 MB).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { MsgCode, type Envelope } from '../../../../shared/envelope.js';
import { ApiError } from '../../../http/api-error.js';
import { envelope } from '../../../http/envelope-schema.js';
import { ok } from '../../../http/route-helpers.js';
import { readUploadedFile, UPLOAD_NOT_MULTIPART_MESSAGE } from '../../../http/uploaded-file.js';
import { imageTypeOf, UPLOAD_NAME, type StoredFile } from '../../../portal/uploads.js';
import { security } from '../../../http/portal-schemas.js';
import { requireAuth } from '../../../http/request-context.js';

export const UploadMessages = {
  noFile: '请选择要上传的文件',
  notMultipart: UPLOAD_NOT_MULTIPART_MESSAGE,
  notImage: '只能上传 PNG、JPG、GIF 或 WebP 图片',
  notFound: '文件不存在',
} as const;

const tooLarge = (maxBytes: number) => `文件不能超过 ${Math.round((maxBytes / 1024 / 1024) * 10) / 10}MB`;

const routes: FastifyPluginAsync = async (app) => {
  const { uploadMaxBytes } = app.services.config.portal;
  // Another part of the app may have registered multipart already; its parser and decorators then serve here too.
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  app.post(
    '/updateFile',
    {
      config: { auth: 'user', title: '上传图片' },
      schema: {
        tags: ['workbench'],
        summary: 'Upload an image',
        description:
          'multipart/form-data with one file part `file`. data {url (GET it back), name, size (bytes), contentType}. ' +
          '-400: 请选择要上传的文件 / 只能上传 PNG、JPG、GIF 或 WebP 图片 / 文件不能超过 5MB / 请以 multipart/form-data 上传文件.',
        security,
        consumes: ['multipart/form-data'],
        response: {
          200: envelope({
            data: {
              type: 'object',
              required: ['url', 'name', 'size', 'contentType'],
              properties: {
                url: { type: 'string' },
                name: { type: 'string' },
                size: { type: 'integer' },
                contentType: { type: 'string' },
              },
            },
          }),
        },
      },
    },
    async (request): Promise<Envelope<StoredFile>> => {
      requireAuth(request);
      const bytes = await readUploadedFile(request, uploadMaxBytes, {
        noFile: UploadMessages.noFile,
        tooLarge: tooLarge(uploadMaxBytes),
      });
      const type = imageTypeOf(bytes);
      if (!type) throw new ApiError(MsgCode.invalidInput, UploadMessages.notImage);
      return ok('', await app.services.portal.uploads.save(bytes, type));
    },
  );

  app.get<{ Params: { name: string } }>(
    '/file/:name',
    {
      schema: {
        tags: ['workbench'],
        summary: 'An uploaded image',
        description:
          'Public (an <img> cannot send Access-Token): the 128-bit random name is the capability. Answers the ' +
          'bytes with their image content type, X-Content-Type-Options nosniff and a year of private immutable ' +
          'caching (no shared cache keeps it once its record is deleted); ' +
          'unknown name: -404 文件不存在.',
        params: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 64 } } },
      },
    },
    async (request, reply) => {
      const file = UPLOAD_NAME.test(request.params.name)
        ? await app.services.portal.uploads.read(request.params.name)
        : undefined;
      if (!file) throw new ApiError(MsgCode.notFound, UploadMessages.notFound);
      reply
        .type(file.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; sandbox");
      return reply.send(file.bytes);
    },
  );
};
/** The URL prefix of this file's routes. */
export const prefix = '/api/zhgd/base';
export default routes;
