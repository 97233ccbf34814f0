/**
 * /api/zhgd/base: uploads.
 *   POST /updateFile (multipart/form-data, one part named `file`) -> data {url, name, size, contentType}: an image
 *        (company logos, photos of the portal's forms): PNG, JPEG, GIF and WebP, at most PORTAL_UPLOAD_MAX_BYTES (5 MB)
 *   POST /uploadAttachment (the same body) -> data {url, name, fileName, size, contentType}: an attachment (an
 *        approval's, a record's): PDF, Word, Excel, PPT (2007+ and 97-2003), DWG or an image, at most
 *        PORTAL_ATTACHMENT_MAX_BYTES (50 MB); its url carries the uploader's file name (?name=)
 *   GET  /file/{name}[?name=&download=1] -> the file (public by its unguessable name; immutable, nosniff)
 * Types are recognised by content (portal/file-signature.ts), never by the name or type the client sent.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import { MsgCode, type Envelope } from '../../../../shared/envelope.js';
import { ApiError } from '../../../http/api-error.js';
import { envelope } from '../../../http/envelope-schema.js';
import { contentDisposition, ok } from '../../../http/route-helpers.js';
import { readUploadedFile, readUploadedPart, UPLOAD_NOT_MULTIPART_MESSAGE } from '../../../http/uploaded-file.js';
import { fileTypeOf, imageTypeOf } from '../../../portal/file-signature.js';
import type { StoredAttachment, StoredFile } from '../../../portal/uploads.js';
import { ATTACHMENT_TYPES_TEXT, FILE_TYPES, UPLOAD_NAME, displayNameFor } from '../../../../shared/file-types.js';
import { security } from '../../../http/portal-schemas.js';
import { requireAuth } from '../../../http/request-context.js';

export const UploadMessages = {
  noFile: '请选择要上传的文件',
  notMultipart: UPLOAD_NOT_MULTIPART_MESSAGE,
  notImage: '只能上传 PNG、JPG、GIF 或 WebP 图片',
  notAttachment: `只能上传${ATTACHMENT_TYPES_TEXT}`,
  notFound: '文件不存在',
} as const;

const tooLarge = (maxBytes: number) => `文件不能超过 ${Math.round((maxBytes / 1024 / 1024) * 10) / 10}MB`;

const routes: FastifyPluginAsync = async (app) => {
  const { uploadMaxBytes, attachmentMaxBytes } = app.services.config.portal;
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

  app.post(
    '/uploadAttachment',
    {
      config: { auth: 'user', title: '上传附件' },
      schema: {
        tags: ['workbench'],
        summary: 'Upload an attachment',
        description:
          'multipart/form-data with one file part `file`: PDF, Word, Excel, PPT (2007+ and 97-2003), DWG or a PNG, ' +
          'JPEG, GIF or WebP image, recognised by content. data {url (GET it back; it carries the file name), name ' +
          "(the stored key), fileName (the uploader's name, ending in the real type), size, contentType}. -400: " +
          `请选择要上传的文件 / ${UploadMessages.notAttachment} / 文件不能超过 50MB / 请以 multipart/form-data 上传文件.`,
        security,
        consumes: ['multipart/form-data'],
        response: {
          200: envelope({
            data: {
              type: 'object',
              required: ['url', 'name', 'fileName', 'size', 'contentType'],
              properties: {
                url: { type: 'string' },
                name: { type: 'string' },
                fileName: { type: 'string' },
                size: { type: 'integer' },
                contentType: { type: 'string' },
              },
            },
          }),
        },
      },
    },
    async (request): Promise<Envelope<StoredAttachment>> => {
      requireAuth(request);
      const { bytes, fileName } = await readUploadedPart(request, attachmentMaxBytes, {
        noFile: UploadMessages.noFile,
        tooLarge: tooLarge(attachmentMaxBytes),
      });
      const type = fileTypeOf(bytes);
      if (!type) throw new ApiError(MsgCode.invalidInput, UploadMessages.notAttachment);
      return ok('', await app.services.portal.uploads.saveAttachment(bytes, type, fileName));
    },
  );

  app.get<{ Params: { name: string }; Querystring: { name?: string; download?: string } }>(
    '/file/:name',
    {
      schema: {
        tags: ['workbench'],
        summary: 'An uploaded file',
        description:
          'Public (an <img> cannot send Access-Token): the 128-bit random name is the capability. Answers the ' +
          'bytes with the content type of what they are, X-Content-Type-Options nosniff and a year of private ' +
          'immutable caching (no shared cache keeps it once its record is deleted). Images and PDF are inline, ' +
          "other files (and any with download=1) an attachment saved under `name` (the uploader's file name) " +
          'or the stored name; unknown name: -404 文件不存在.',
        params: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 64 } } },
        querystring: {
          type: 'object',
          properties: { name: { type: 'string', maxLength: 200 }, download: { type: 'string', enum: ['1'] } },
        },
      },
    },
    async (request, reply) => {
      const file = UPLOAD_NAME.test(request.params.name)
        ? await app.services.portal.uploads.read(request.params.name)
        : undefined;
      if (!file) throw new ApiError(MsgCode.notFound, UploadMessages.notFound);
      const type = FILE_TYPES[file.extension];
      const inline = type.preview !== 'none' && request.query.download !== '1';
      const saveAs = displayNameFor(request.query.name || request.params.name, file.extension);
      reply
        .type(type.contentType)
        .header('content-disposition', contentDisposition(saveAs, { inline }))
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
