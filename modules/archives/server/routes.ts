/**
 * /api/archive/v1.0: what an archive file needs beyond its collection's own calls (/api/data/archive-*):
 *   GET  /files/{id}/versions            -> data: the versions, newest first, each with its preview/download link
 *   POST /files/{id}/versions {upload, note} -> data: the new version (archive:file:edit): the finished resumable
 *        upload (/api/files/uploads) of the caller, its type read from its content and its SHA-256 taken
 *   GET  /content/{token}?name[&download=1] -> the bytes of a version (a signed link from a read above; no login,
 *        since <a download> and the PDF preview cannot send the Access-Token header); Repr-Digest carries the SHA-256
 */
import type { FastifyInstance } from 'fastify';
import {
  ApiError,
  contentDisposition,
  type CollectionRecords,
  displayNameFor,
  envelope,
  FILE_TYPES,
  idParams,
  MsgCode,
  ok,
  type RecordAccess,
  requireAuth,
  type Schema,
  security,
} from '../../../src/server/module-api.js';
import type { ContentLinks } from './content-links.js';
import { VersionMessages, type FileVersion, type FileVersions } from './versions.js';

const VIEW = 'archive:file:view';
const EDIT = 'archive:file:edit';

const text = { type: 'string' };
export const versionSchema: Schema = {
  type: 'object',
  properties: {
    id: text,
    version: { type: 'integer' },
    fileName: text,
    fileType: text,
    fileTypeLabel: text,
    fileSize: { type: 'integer' },
    sha256: text,
    note: text,
    uploadedByName: text,
    uploadedAt: text,
    link: text,
  },
};

export interface ArchiveRouteDeps {
  files: CollectionRecords;
  versions: FileVersions;
  links: ContentLinks;
  access: RecordAccess;
}

/** A version as the pages show it: with its kind and the signed link to preview or download it. */
export function withLink(version: FileVersion, links: ContentLinks) {
  return {
    ...version,
    fileTypeLabel: FILE_TYPES[version.fileType]?.label ?? '文件',
    link: links.link(version.id, version.fileName),
  };
}

export async function archiveRoutes(app: FastifyInstance, { files, versions, links, access }: ArchiveRouteDeps) {
  app.get<{ Params: { id: string } }>(
    '/api/archive/v1.0/files/:id/versions',
    {
      config: { auth: 'user', permission: VIEW, title: '档案文件版本' },
      schema: {
        tags: ['archive'],
        summary: "An archive file's versions",
        description: 'Newest first, each with a signed link (30 minutes) to preview or download it.',
        security,
        params: idParams,
        response: { 200: envelope({ data: { type: 'array', items: versionSchema } }) },
      },
    },
    async (request) => {
      await access.checkRecord(request, files, request.params.id);
      return ok(
        '',
        (await versions.of(request.params.id)).map((version) => withLink(version, links)),
      );
    },
  );

  app.post<{ Params: { id: string }; Body: { upload: string; note?: string } }>(
    '/api/archive/v1.0/files/:id/versions',
    {
      config: { auth: 'user', permission: EDIT, title: '上传档案文件版本' },
      schema: {
        tags: ['archive'],
        summary: 'Receive an uploaded file as the next version',
        description:
          'upload: the id of a finished resumable upload of the caller (/api/files/uploads). -400 ' +
          `${VersionMessages.uploadMissing} / ${VersionMessages.notArchivable}.`,
        security,
        params: idParams,
        body: {
          type: 'object',
          required: ['upload'],
          properties: {
            upload: {
              type: 'string',
              minLength: 1,
              maxLength: 64,
              errorMessage: {
                required: '请上传文件',
                minLength: '请上传文件',
                maxLength: VersionMessages.uploadMissing,
              },
            },
            note: { type: 'string', maxLength: 200, errorMessage: { maxLength: '版本说明不能超过200个字' } },
          },
        },
        response: { 200: envelope({ data: versionSchema }) },
      },
    },
    async (request) => {
      const projectId = await access.checkRecord(request, files, request.params.id);
      const { view } = requireAuth(request);
      const version = await versions.receive(
        { id: request.params.id, projectId },
        request.body.upload,
        view.user.id,
        request.body.note ?? '',
      );
      return ok('文件已上传', withLink(version, links));
    },
  );

  app.get<{ Params: { token: string }; Querystring: { name?: string; download?: string } }>(
    '/api/archive/v1.0/content/:token',
    {
      config: { title: '下载档案文件' },
      schema: {
        tags: ['archive'],
        summary: "A version's bytes by a signed link",
        description:
          'Inline for PDF and images, else (or with download=1) an attachment named `name`. An altered or expired ' +
          'link: -404 链接已失效，请刷新页面后重试.',
        params: { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 120 } } },
        querystring: {
          type: 'object',
          properties: { name: { type: 'string', maxLength: 200 }, download: { type: 'string', enum: ['1'] } },
        },
      },
    },
    async (request, reply) => {
      const versionId = links.versionOf(request.params.token);
      const found = versionId ? await versions.read(versionId) : undefined;
      if (!found) throw new ApiError(MsgCode.notFound, '链接已失效，请刷新页面后重试');
      const { version, bytes } = found;
      const type = FILE_TYPES[version.fileType];
      const inline = type.preview !== 'none' && request.query.download !== '1';
      const name = displayNameFor(request.query.name || version.fileName, version.fileType);
      return reply
        .type(type.contentType)
        .header('content-length', version.fileSize)
        .header('content-disposition', contentDisposition(name, { inline }))
        .header('repr-digest', `sha-256=:${Buffer.from(version.sha256, 'hex').toString('base64')}:`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=1800')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(bytes);
    },
  );
}
