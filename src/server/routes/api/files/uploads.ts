/**
 * /api/files/uploads: resumable uploads of large files by the tus protocol (files/resumable-uploads.ts), for
 * tus-js-client. POST creates an upload (Upload-Length, Upload-Metadata with `filename`), PATCH sends the next chunk
 * at Upload-Offset, HEAD asks how much has arrived (to resume after a broken connection), DELETE gives it up. The
 * caller must be signed in (Access-Token); an upload is its creator's only. Answers are the tus protocol's (status
 * codes and Upload-* headers), not the portal's envelope: any tus client can talk to it. At most
 * PORTAL_RESUMABLE_MAX_BYTES per file (413 beyond).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { requireAuth } from '../../../http/request-context.js';
import { UPLOADER_HEADER } from '../../../files/resumable-uploads.js';

const routes: FastifyPluginAsync = async (app) => {
  // tus sends chunks as application/offset+octet-stream: the tus server reads the raw stream itself.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const pass = async (request: FastifyRequest, reply: FastifyReply) => {
    const { view } = requireAuth(request);
    // Who uploads is the session's user, never a header the client sent (the tus server reads rawHeaders).
    const raw = request.raw;
    const kept: string[] = [];
    for (let i = 0; i < raw.rawHeaders.length; i += 2)
      if (raw.rawHeaders[i]!.toLowerCase() !== UPLOADER_HEADER) kept.push(raw.rawHeaders[i]!, raw.rawHeaders[i + 1]!);
    raw.rawHeaders.splice(0, raw.rawHeaders.length, ...kept, UPLOADER_HEADER, view.user.id);
    raw.headers[UPLOADER_HEADER] = view.user.id;
    reply.hijack();
    await app.services.resumableUploads.handle(request.raw, reply.raw);
  };
  const config = { auth: 'user', audit: false, title: '分片上传' } as const;
  const schema = { hide: true };
  for (const url of ['/', '/:id'])
    app.route({ method: ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'], url, config, schema, handler: pass });
};

/** The URL prefix of this file's routes. */
export const prefix = '/api/files/uploads';
export default routes;
