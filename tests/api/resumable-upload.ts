/**
 * Resumable uploads (tus, /api/files/uploads) over a real connection, as tus-js-client sends them: a request that can
 * be cut after some of its body, and a whole upload cut once halfway and resumed.
 */
import { request as httpRequest } from 'node:http';
import { expect } from 'vitest';

export type TusAnswer = { status: number; headers: Record<string, string | string[] | undefined> };

/** The tus calls against the server at `origin()` (read at each call: a test file learns its port in beforeAll). */
export function resumableUploads(origin: () => string) {
  /** A tus request over a real connection; with `breakAfter`, the connection is cut after that many body bytes. */
  function tus(
    method: string,
    path: string,
    token: string,
    headers: Record<string, string | number>,
    body?: Buffer,
    breakAfter?: number,
  ) {
    return new Promise<TusAnswer>((resolve, reject) => {
      const req = httpRequest(
        `${origin()}${path}`,
        {
          method,
          headers: {
            'tus-resumable': '1.0.0',
            'access-token': token,
            ...(body ? { 'content-type': 'application/offset+octet-stream', 'content-length': body.length } : {}),
            ...headers,
          },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
        },
      );
      req.on('error', (error) => (breakAfter === undefined ? reject(error) : resolve({ status: 0, headers: {} })));
      if (body && breakAfter !== undefined)
        req.write(body.subarray(0, breakAfter), () => setTimeout(() => req.destroy(), 200));
      else req.end(body);
    });
  }

  /** Uploads `bytes` as `name`, cutting the connection once halfway and resuming; answers the upload id. */
  async function upload(caller: { token: string }, bytes: Buffer, name: string): Promise<string> {
    const created = await tus('POST', '/api/files/uploads', caller.token, {
      'upload-length': bytes.length,
      'upload-metadata': `filename ${Buffer.from(name).toString('base64')}`,
    });
    const location = String(created.headers.location);
    await tus('PATCH', location, caller.token, { 'upload-offset': 0 }, bytes, Math.floor(bytes.length / 2));
    const offset = Number((await tus('HEAD', location, caller.token, {})).headers['upload-offset']);
    const rest = await tus('PATCH', location, caller.token, { 'upload-offset': offset }, bytes.subarray(offset));
    expect(rest.status).toBe(204);
    return location.split('/').pop()!;
  }

  return { tus, upload };
}
